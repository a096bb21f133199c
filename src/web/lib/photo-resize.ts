/**
 * Shrinks a photo on the phone before it is sent: a 12-megapixel camera photo becomes a ~1600 px JPEG of a few
 * hundred kB, which uploads on a weak mobile connection and stays far under the server's cap (shared/uploads.ts).
 */
export const RESIZE_LONGEST_SIDE = 1600;
export const RESIZE_JPEG_QUALITY = 0.82;

/** The size to draw at: the longest side at most `longest` px, the aspect ratio kept, never enlarged, at least 1 px. */
export function resizedDimensions(width: number, height: number, longest = RESIZE_LONGEST_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new RangeError('a photo has a positive width and height');
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes the file (honouring the camera's EXIF orientation), draws it smaller on a canvas and encodes a JPEG. */
export async function resizePhoto(file: Blob, longest = RESIZE_LONGEST_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = resizedDimensions(bitmap.width, bitmap.height, longest);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot prepare the photo');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot prepare the photo'))), 'image/jpeg', RESIZE_JPEG_QUALITY);
    });
  } finally {
    bitmap.close();
  }
}
