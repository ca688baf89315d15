import { Image } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The spec shows a preview only for jpg, jpeg and png (a PDF has none). */
export const isPreviewableImage = (file: File) =>
  /^image\/(jpeg|png)$/.test(file.type) || /\.(jpe?g|png)$/i.test(file.name);

/** A thumbnail of a chosen (not yet uploaded) reference image. */
export function SelectedImagePreview({ file }: { file: File | null }) {
  const [loaded, setLoaded] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !isPreviewableImage(file)) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setLoaded({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  const url = loaded && loaded.file === file ? loaded.url : null;
  if (!url) return null;
  return <Image src={url} alt="Reference image preview" maw={240} mah={180} fit="contain" radius="sm" />;
}
