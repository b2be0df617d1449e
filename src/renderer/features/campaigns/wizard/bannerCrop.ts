import { CAMPAIGN_BANNER_MAX_BYTES, CAMPAIGN_BANNER_MIME_MAP, CAMPAIGN_MESSAGES } from '../../../../shared/http/campaigns.schemas';

/** `1200x628` as numbers. */
export function dimensionsOf(value: string): { width: number; height: number } {
  const [width, height] = value.split('x').map(Number);
  return { width: width && width > 0 ? width : 1200, height: height && height > 0 ? height : 628 };
}

/** Why a chosen file cannot be a banner (the server's own messages), or null. */
export function bannerFileProblem(file: File): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!Object.values(CAMPAIGN_BANNER_MIME_MAP).includes(file.type) || CAMPAIGN_BANNER_MIME_MAP[ext] !== file.type) return CAMPAIGN_MESSAGES.bannerType;
  if (file.size > CAMPAIGN_BANNER_MAX_BYTES) return CAMPAIGN_MESSAGES.bannerTooLarge;
  return null;
}

/**
 * Crops a picture to the banner's shape at its full size, centred on `focus` (0 to 1 along the axis that is cut),
 * as a JPEG. Rejects with the banner-type message when the file does not decode as a picture.
 */
export async function cropBanner(file: Blob, dimensions: string, focus: number): Promise<Blob> {
  const { width, height } = dimensionsOf(dimensions);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(CAMPAIGN_MESSAGES.bannerType);
  }
  const scale = Math.max(width / bitmap.width, height / bitmap.height);
  const sourceWidth = width / scale;
  const sourceHeight = height / scale;
  const x = (bitmap.width - sourceWidth) * focus;
  const y = (bitmap.height - sourceHeight) * focus;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The picture could not be prepared: this window cannot draw.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, x, y, sourceWidth, sourceHeight, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('The picture could not be prepared.');
  return blob;
}
