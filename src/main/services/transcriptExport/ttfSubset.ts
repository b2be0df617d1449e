/**
 * A fast TrueType subsetter for the fonts embedded in transcript PDFs. It does what fontkit's TTFSubset does (the
 * subset pdfkit asks a font for: glyph 0 first, then glyphs in order of first use, composite glyphs pulling in their
 * components; tables head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm) but copies raw glyph records from tables
 * read once per font, instead of decoding every glyph and re-serialising every table for each document, which was
 * a third of the time of a typical transcript PDF. Fonts that are not plain TrueType (CFF, variable) keep fontkit's.
 */

/** The subset interface pdfkit's EmbeddedFont uses (`includeGlyph` while drawing, `encode` when embedding). */
export interface FontSubset {
  includeGlyph(glyph: number | { id: number }): number;
  encode(): Uint8Array;
}

interface Table {
  offset: number;
  length: number;
}

/** What a subset needs from the font, parsed once. */
export interface TrueTypeSource {
  bytes: Uint8Array;
  view: DataView;
  tables: Map<string, Table>;
  /** Byte offsets into glyf, numGlyphs + 1 of them. */
  loca: Uint32Array;
  glyfOffset: number;
  advances: Uint16Array;
  bearings: Int16Array;
}

// Composite glyph flags (OpenType 'glyf').
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

const SUBSET_TABLES = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;

/** Reads what subsetting needs from TrueType font bytes, or null when the font is not one this subsetter handles. */
export function readTrueType(bytes: Uint8Array): TrueTypeSource | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  if (version !== 0x00010000 && version !== 0x74727565) return null;
  const tables = new Map<string, Table>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    tables.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const hmtx = tables.get('hmtx');
  if (!head || !hhea || !maxp || !loca || !glyf || !hmtx || tables.has('fvar') || tables.has('CFF ')) return null;
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const offsets = new Uint32Array(numGlyphs + 1);
  for (let i = 0; i <= numGlyphs; i++) {
    offsets[i] = longLoca ? view.getUint32(loca.offset + i * 4) : view.getUint16(loca.offset + i * 2) * 2;
  }
  const metrics = view.getUint16(hhea.offset + 34);
  const advances = new Uint16Array(numGlyphs);
  const bearings = new Int16Array(numGlyphs);
  for (let i = 0; i < numGlyphs; i++) {
    if (i < metrics) {
      advances[i] = view.getUint16(hmtx.offset + i * 4);
      bearings[i] = view.getInt16(hmtx.offset + i * 4 + 2);
    } else {
      advances[i] = advances[metrics - 1] ?? 0;
      bearings[i] = view.getInt16(hmtx.offset + metrics * 4 + (i - metrics) * 2);
    }
  }
  return { bytes, view, tables, loca: offsets, glyfOffset: glyf.offset, advances, bearings };
}

const pad4 = (n: number) => (n + 3) & ~3;

function checksum(view: DataView, offset: number, length: number): number {
  let sum = 0;
  const end = offset + (length & ~3);
  for (let at = offset; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  if (length & 3) {
    let last = 0;
    for (let i = 0; i < 4; i++) last = (last << 8) | (i < (length & 3) ? view.getUint8(end + i) : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** A subset of one TrueType font; new glyph ids are given in order of inclusion, 0 being the missing glyph. */
export class TrueTypeSubset implements FontSubset {
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: TrueTypeSource) {
    this.includeGlyph(0);
  }

  /** The subset id of a glyph of the font, adding it when new. */
  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === 'number' ? glyph : glyph.id;
    let id = this.mapping.get(gid);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(gid);
      this.mapping.set(gid, id);
    }
    return id;
  }

  /** The subset as a TrueType font file. */
  encode(): Uint8Array {
    const { bytes, view, loca, glyfOffset, tables } = this.source;
    // Composite glyphs add their components while we go, hence no cached length.
    const records: Uint8Array[] = [];
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i]!;
      const start = glyfOffset + loca[gid]!;
      const length = loca[gid + 1]! - loca[gid]!;
      let record = bytes.subarray(start, start + length);
      if (length >= 10 && view.getInt16(start) < 0) {
        record = Uint8Array.from(record);
        const glyph = new DataView(record.buffer);
        let at = 10;
        for (;;) {
          const flags = glyph.getUint16(at);
          glyph.setUint16(at + 2, this.includeGlyph(glyph.getUint16(at + 2)));
          at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          at += flags & WE_HAVE_A_SCALE ? 2 : flags & WE_HAVE_AN_X_AND_Y_SCALE ? 4 : flags & WE_HAVE_A_TWO_BY_TWO ? 8 : 0;
          if (!(flags & MORE_COMPONENTS)) break;
        }
      }
      records.push(record);
    }
    const count = records.length;
    let glyfLength = 0;
    for (const record of records) glyfLength += pad4(record.length);

    const sizes = new Map<string, number>();
    for (const tag of SUBSET_TABLES) {
      if (tag === 'loca') sizes.set(tag, (count + 1) * 4);
      else if (tag === 'glyf') sizes.set(tag, glyfLength);
      else if (tag === 'hmtx') sizes.set(tag, count * 4);
      else if (tables.has(tag)) sizes.set(tag, tables.get(tag)!.length);
    }
    const present = SUBSET_TABLES.filter((tag) => sizes.has(tag));
    let total = 12 + present.length * 16;
    const offsets = new Map<string, number>();
    for (const tag of present) {
      offsets.set(tag, total);
      total += pad4(sizes.get(tag)!);
    }
    const out = new Uint8Array(total);
    const w = new DataView(out.buffer);
    const copy = (tag: string) => {
      const table = tables.get(tag)!;
      out.set(bytes.subarray(table.offset, table.offset + table.length), offsets.get(tag)!);
    };
    for (const tag of present) if (tag !== 'loca' && tag !== 'glyf' && tag !== 'hmtx') copy(tag);
    const head = offsets.get('head')!;
    w.setUint32(head + 8, 0);
    w.setInt16(head + 50, 1);
    w.setUint16(offsets.get('hhea')! + 34, count);
    w.setUint16(offsets.get('maxp')! + 4, count);
    let at = offsets.get('glyf')!;
    const locaAt = offsets.get('loca')!;
    const hmtxAt = offsets.get('hmtx')!;
    for (let i = 0; i < count; i++) {
      w.setUint32(locaAt + i * 4, at - offsets.get('glyf')!);
      out.set(records[i]!, at);
      at += pad4(records[i]!.length);
      const gid = this.glyphs[i]!;
      w.setUint16(hmtxAt + i * 4, this.source.advances[gid]!);
      w.setInt16(hmtxAt + i * 4 + 2, this.source.bearings[gid]!);
    }
    w.setUint32(locaAt + count * 4, glyfLength);

    // Directory: version 1.0, binary-search fields, then the tables sorted by tag with checksums.
    const entrySelector = Math.floor(Math.log2(present.length));
    w.setUint32(0, 0x00010000);
    w.setUint16(4, present.length);
    w.setUint16(6, 16 << entrySelector);
    w.setUint16(8, entrySelector);
    w.setUint16(10, present.length * 16 - (16 << entrySelector));
    [...present].sort().forEach((tag, i) => {
      const entry = 12 + i * 16;
      for (let c = 0; c < 4; c++) out[entry + c] = tag.charCodeAt(c);
      w.setUint32(entry + 4, checksum(w, offsets.get(tag)!, sizes.get(tag)!));
      w.setUint32(entry + 8, offsets.get(tag)!);
      w.setUint32(entry + 12, sizes.get(tag)!);
    });
    w.setUint32(head + 8, (0xb1b0afba - checksum(w, 0, total)) >>> 0);
    return out;
  }
}
