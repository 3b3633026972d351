import { useTranslation } from 'react-i18next';

interface ImageInputProps {
  id: string;
  value: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onChange(base64: string): void;
}

/** Picks a PNG or JPEG the user chooses and keeps it as base64 (the settings' logo content). */
export function ImageInput({ id, value, disabled, onChange, ...aria }: ImageInputProps) {
  const { t } = useTranslation();
  const onFile = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      onChange(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  };
  return (
    <div className="image-input">
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        disabled={disabled}
        onChange={(e) => onFile(e.target.files?.[0])}
        {...aria}
      />
      <span className="muted">{value ? t('common.imageSet') : t('common.imageNone')}</span>
      {value && (
        <button type="button" className="link" disabled={disabled} onClick={() => onChange('')}>
          {t('common.remove')}
        </button>
      )}
    </div>
  );
}
