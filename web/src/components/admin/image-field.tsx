import { useRef } from 'react';
import { MEDIA_LIMITS } from '@curb/contracts/owner-content';
import styles from './admin-ui.module.css';
import { Field } from '@/components/ui/form/field';
import { serverProblem } from '@/lib/server-message';
import { previewSrc, useMediaLibrary, useUploadImage } from './owner-content-client';
import fieldStyles from './image-field.module.css';

const ACCEPT = MEDIA_LIMITS.types.join(',');
const MEGABYTES = MEDIA_LIMITS.maxBytes / 1024 / 1024;

/**
 * A picture of the owner's content (photo, logo, cover): a preview, an upload through the
 * media route that sets the reference, and a way to remove it. A refused upload says why here.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  onUploading,
}: {
  label: string;
  value: string;
  onChange: (ref: string) => void;
  error?: string | null;
  hint?: string;
  name: string;
  /** Told when an upload starts and ends, so a form is not saved with the picture half-way. */
  onUploading?: (uploading: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const library = useMediaLibrary();
  const upload = useUploadImage();
  const src = previewSrc(value, library.data);
  const problem = upload.isError ? serverProblem(upload.error, 'The picture could not be uploaded.').message : error;

  const choose = (file: File | undefined) => {
    if (!file) return;
    onUploading?.(true);
    upload.mutate(
      { file, alt: label },
      {
        onSuccess: (item) => onChange(item.ref),
        onSettled: () => {
          onUploading?.(false);
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <Field
      label={label}
      field={name}
      error={problem}
      hint={upload.isPending ? 'Uploading...' : (hint ?? `JPEG, PNG, WebP, GIF or AVIF, up to ${MEGABYTES} MB; resized for every screen.`)}
    >
      {(control) => (
        <div className={fieldStyles.row}>
          {src ? (
            <img src={src} alt={`${label} preview`} className={fieldStyles.preview} data-testid={`${name}-preview`} />
          ) : (
            <span className={`${fieldStyles.preview} ${fieldStyles.empty}`}>None</span>
          )}
          <div className={fieldStyles.controls}>
            <input
              ref={input}
              {...control}
              name={name}
              type="file"
              accept={ACCEPT}
              disabled={upload.isPending}
              onChange={(e) => choose(e.target.files?.[0])}
            />
            {value && (
              <button type="button" className={`button button-outline ${styles.smallButton}`} onClick={() => onChange('')}>
                Remove {label.toLowerCase()}
              </button>
            )}
          </div>
        </div>
      )}
    </Field>
  );
}
