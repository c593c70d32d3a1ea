import { rpc } from '../rpc';

/** What the server accepts (it checks again, from the bytes). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** "team-photo_2024.jpg" -> "team photo 2024": a first description, better than none. */
export function altFromName(name: string): string {
  return name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ').trim() || 'Image';
}

/**
 * Uploads an image picked in the editor to `url` (the route that checks and stores it: a page's, a
 * forum's) and answers its URL under /web/image with a first description. Wrong types and sizes are
 * refused here first (messages in the visitor's language through `t`); the server checks again.
 */
export async function uploadEditorImage(file: File, url: string, params: Record<string, unknown>, t: (s: string) => string): Promise<{ src: string; alt: string }> {
  if (!IMAGE_TYPES.includes(file.type)) throw new Error(t('Only PNG, JPEG, GIF and WebP images can be uploaded.'));
  if (file.size > MAX_IMAGE_BYTES) throw new Error(t('The image is too large: at most 10 MB.'));
  const data = await readAsBase64(file);
  const answer = await rpc<{ src: string }>(url, { name: file.name.slice(0, 200), data, ...params });
  return { src: answer.src, alt: altFromName(file.name).slice(0, 200) };
}
