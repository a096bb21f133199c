-- One name for an answer's stored photo or video (issue 36): the column held videos too. Its kind is the submission's.
ALTER TABLE "submissions" RENAME COLUMN "photo_key" TO "media_key";
