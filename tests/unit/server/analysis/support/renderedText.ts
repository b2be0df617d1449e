/**
 * Frames and videos with words drawn on them by ffmpeg's drawtext, for the on-screen text tests and the OCR bench:
 * two scripts (Latin in DejaVu Sans, Chinese in Droid Sans Fallback — both Debian fonts on this machine), two sizes,
 * over a photo-like background (colour gradients, a fractal and grain) or a plain one. Every input is made in a temp
 * folder the caller owns; nothing binary is committed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FFMPEG = process.env.REELSCOPE_FFMPEG?.trim() || 'ffmpeg';

export type Script = 'latin' | 'han';
export type Background = 'photo' | 'plain';
/** Text heights on a 1280×720 frame: a headline and a caption-sized line. */
export const TEXT_SIZES = { large: 60, small: 30 } as const;
export type TextSize = keyof typeof TEXT_SIZES;

const FONT_CANDIDATES: Record<Script, string[]> = {
  latin: ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'],
  han: [
    '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
    '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  ],
};

/** The font file drawn for a script (Debian's fonts-dejavu-core / fonts-droid-fallback). */
export function fontFor(script: Script): string {
  const found = FONT_CANDIDATES[script].find((file) => existsSync(file));
  if (!found) throw new Error(`No ${script} font on this machine (looked for ${FONT_CANDIDATES[script].join(', ')})`);
  return found;
}

/** One phrase to draw: where on the frame, how big, in which script; `from`/`to` seconds when drawn into a video. */
export interface DrawnText {
  text: string;
  script?: Script;
  size?: TextSize;
  /** 0..1 of the frame's height where the line's top sits; default centred. */
  top?: number;
  from?: number;
  to?: number;
}

export function runFfmpeg(args: string[], timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(FFMPEG, ['-v', 'error', '-nostdin', '-y', ...args], { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg failed: ${String(stderr).trim() || error.message}`));
      else resolve();
    });
  });
}

/** A photo-like still (1280×720): soft colour fields, a fractal's detail and light grain — busy like a product shot. */
function photoSource(seed: number): string {
  return `gradients=s=1280x720:n=5:seed=${seed}:d=1,format=gbrp[g];mandelbrot=s=1280x720:end_pts=1,gblur=sigma=1.5,format=gbrp[m];[g][m]blend=all_mode=average:shortest=1,format=yuv420p,noise=alls=6:allf=u`;
}
const PLAIN = 'color=c=0xf2ede4:s=1280x720';

/** drawtext for one phrase: read from a file (no escaping trouble with %, :, quotes), outlined on photos like captions. */
function drawFilter(textFile: string, item: DrawnText, background: Background): string {
  const fontsize = TEXT_SIZES[item.size ?? 'large'];
  const y = item.top === undefined ? '(h-th)/2' : `h*${item.top}`;
  const colours = background === 'photo' ? 'fontcolor=white:borderw=3:bordercolor=black' : 'fontcolor=0x1d1d1f';
  const when = item.from !== undefined && item.to !== undefined ? `:enable='between(t,${item.from},${item.to})'` : '';
  return `drawtext=fontfile='${fontFor(item.script ?? 'latin')}':textfile='${textFile}':expansion=none:fontsize=${fontsize}:${colours}:x=(w-tw)/2:y=${y}${when}`;
}

async function textFiles(dir: string, items: DrawnText[], tag: string): Promise<string[]> {
  return Promise.all(
    items.map(async (item, index) => {
      const file = join(dir, `${tag}-text-${index}.txt`);
      await writeFile(file, item.text, 'utf8');
      return file;
    }),
  );
}

let seq = 0;

/** Writes one PNG frame (1280×720) with the phrases drawn on it; answers its path. */
export async function renderTextFrame(dir: string, items: DrawnText[], background: Background, name?: string): Promise<string> {
  const tag = name ?? `frame-${(seq += 1)}`;
  const files = await textFiles(dir, items, tag);
  const draws = items.map((item, index) => drawFilter(files[index] ?? '', item, background)).join(',');
  const out = join(dir, `${tag}.png`);
  // The picture's seed follows the frame's name, so a phrase meets the same picture whatever ran before it.
  const seed = [...tag].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 100_003, 7);
  const source = background === 'photo' ? photoSource(seed) : PLAIN;
  await runFfmpeg(['-f', 'lavfi', '-i', draws === '' ? source : `${source},${draws}`, '-frames:v', '1', out]);
  return out;
}

/**
 * Writes an H.264 video (1280×720, `rate` fps) of `seconds` with each phrase drawn from its `from` to its `to` second;
 * answers its path. The background stays (plain) or drifts slowly (photo), as a product shot under a caption does.
 */
export async function renderTextVideo(
  dir: string,
  items: DrawnText[],
  o: { seconds: number; background: Background; rate?: number; name?: string; audio?: boolean },
): Promise<string> {
  const tag = o.name ?? `video-${(seq += 1)}`;
  const rate = o.rate ?? 25;
  const files = await textFiles(dir, items, tag);
  const draws = items.map((item, index) => drawFilter(files[index] ?? '', item, o.background)).join(',');
  const out = join(dir, `${tag}.mp4`);
  // The background is drawn once and looped (a fractal per frame is slow); grain that changes every frame keeps it alive.
  const still = join(dir, `${tag}-background.png`);
  await runFfmpeg(['-f', 'lavfi', '-i', o.background === 'photo' ? photoSource(11) : PLAIN, '-frames:v', '1', still]);
  const filters = [o.background === 'photo' ? 'noise=alls=4:allf=t+u' : 'null', draws].filter((filter) => filter !== '').join(',');
  const audio = o.audio ? ['-f', 'lavfi', '-i', `sine=f=440:d=${o.seconds}`] : [];
  await runFfmpeg([
    '-loop', '1', '-framerate', String(rate), '-t', String(o.seconds), '-i', still, ...audio,
    '-vf', filters, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', ...(o.audio ? ['-c:a', 'aac', '-shortest'] : []), out,
  ]);
  return out;
}

/** An audio-only file (a tone), for the "no video stream" case. */
export async function renderToneOnly(dir: string, seconds = 2): Promise<string> {
  const out = join(dir, `tone-${(seq += 1)}.m4a`);
  await runFfmpeg(['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`, '-c:a', 'aac', out]);
  return out;
}

/** Words of a phrase as the accuracy figure counts them: space-separated for Latin, each Han character for Chinese. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([\u3400-\u9fff\uf900-\ufaff])/gu, ' $1 ')
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/**
 * How many of the expected words the read lines hold exactly (each read word used once), and which were missed.
 */
export function wordsReadExactly(expected: string, read: string[]): { words: number; hits: number; missed: string[] } {
  const pool = read.flatMap(wordsOf);
  const missed: string[] = [];
  const words = wordsOf(expected);
  for (const word of words) {
    const at = pool.indexOf(word);
    if (at >= 0) pool.splice(at, 1);
    else missed.push(word);
  }
  return { words: words.length, hits: words.length - missed.length, missed };
}

/** The phrases the OCR accuracy test and bench read: product names, prices, disclosures, sentences, two scripts. */
export interface TestPhrase extends DrawnText {
  background: Background;
}

const LATIN = [
  'Glow Serum 20% OFF',
  '#ad Paid partnership with Lumina',
  'Hydra Cream only $24.99',
  'Buy 2 get 1 FREE',
  'Use code GLOW15 at checkout',
  'Vitamin C Brightening Drops',
  'Sponsored by Northwind Coffee',
  'Link in bio for the full routine',
  'New formula with hyaluronic acid',
  'Limited edition summer bundle',
  'Werbung Anzeige',
  'Free shipping on orders over 50',
  'Swipe up to shop now',
  'Dermatologist tested',
  'My morning skincare routine',
  'SPF 50 Daily Sunscreen',
];
const HAN = ['限时优惠', '新品上市', '免费送货', '美白精华液', '广告 合作伙伴', '买二送一'];

/** 16 Latin and 6 Chinese phrases, alternating size and background so each script meets both sizes and both. */
export const TEST_PHRASES: TestPhrase[] = [
  ...LATIN.map((text, index): TestPhrase => ({ text, script: 'latin', size: index % 2 === 0 ? 'large' : 'small', background: index % 4 < 2 ? 'photo' : 'plain' })),
  ...HAN.map((text, index): TestPhrase => ({ text, script: 'han', size: index % 2 === 0 ? 'large' : 'small', background: index % 4 < 2 ? 'photo' : 'plain' })),
];
