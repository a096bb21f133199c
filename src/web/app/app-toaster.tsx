import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../lib/toast';

export default function AppToaster() {
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}
