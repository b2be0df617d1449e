/**
 * SQLite's case and diacritic folding of the transcript trigram indexes (FTS5 `tokenize = 'trigram remove_diacritics 1'`,
 * migrations 002 and 008), in code: PostgreSQL has no FTS5, and its own lower() and unaccent fold other characters
 * (SQLite folds case for Latin, Greek, Cyrillic, Armenian, Georgian and a few more, strips the diacritics of Latin
 * letters only, and drops combining marks), so a search there matches the folded text this gives (issue 27). Ported
 * from sqlite3Fts5UnicodeFold and fts5_remove_diacritic (SQLite 3.4x, public domain); the tables are SQLite's own.
 */

/** fts5_remove_diacritic's keys (code point << 3 | range) and letters (0x80: only in the complex mode, which is ours). */
const DIACRITIC_KEYS = [
  0, 1797, 1848, 1859, 1891, 1928, 1940, 1995, 2024, 2040, 2060, 2110,
  2168, 2206, 2264, 2286, 2344, 2383, 2472, 2488, 2516, 2596, 2668, 2732,
  2782, 2842, 2894, 2954, 2984, 3000, 3028, 3336, 3456, 3696, 3712, 3728,
  3744, 3766, 3832, 3896, 3912, 3928, 3944, 3968, 4008, 4040, 4056, 4106,
  4138, 4170, 4202, 4234, 4266, 4296, 4312, 4344, 4408, 4424, 4442, 4472,
  4488, 4504, 6148, 6198, 6264, 6280, 6360, 6429, 6505, 6529, 61448, 61468,
  61512, 61534, 61592, 61610, 61642, 61672, 61688, 61704, 61726, 61784, 61800, 61816,
  61836, 61880, 61896, 61914, 61948, 61998, 62062, 62122, 62154, 62184, 62200, 62218,
  62252, 62302, 62364, 62410, 62442, 62478, 62536, 62554, 62584, 62604, 62640, 62648,
  62656, 62664, 62730, 62766, 62830, 62890, 62924, 62974, 63032, 63050, 63082, 63118,
  63182, 63242, 63274, 63310, 63368, 63390,
];
const DIACRITIC_LETTERS = [
  0, 97, 99, 101, 105, 110, 111, 117, 121, 121, 97, 99, 100, 101, 101, 103,
  104, 105, 106, 107, 108, 110, 111, 114, 115, 116, 117, 117, 119, 121, 122, 111,
  117, 97, 105, 111, 117, 245, 225, 103, 107, 111, 239, 106, 103, 110, 225, 97,
  101, 105, 111, 114, 117, 115, 116, 104, 97, 101, 239, 111, 239, 121, 0, 0,
  0, 0, 0, 0, 0, 0, 97, 98, 227, 100, 100, 229, 101, 229, 102, 103,
  104, 104, 105, 233, 107, 108, 236, 108, 109, 110, 239, 112, 114, 242, 114, 115,
  243, 116, 117, 245, 118, 119, 119, 120, 121, 122, 104, 116, 119, 121, 97, 225,
  225, 225, 101, 229, 229, 105, 111, 239, 239, 239, 117, 245, 245, 121,
];
/** sqlite3Fts5UnicodeFold's rules: first code point, flags (bit 0: every second one; the rest: offset index), range. */
const CASE_RULES = [
  65, 14, 26, 181, 64, 1, 192, 14, 23, 216, 14, 7, 256, 1, 48,
  306, 1, 6, 313, 1, 16, 330, 1, 46, 376, 116, 1, 377, 1, 6,
  383, 104, 1, 385, 50, 1, 386, 1, 4, 390, 44, 1, 391, 0, 1,
  393, 42, 2, 395, 0, 1, 398, 32, 1, 399, 38, 1, 400, 40, 1,
  401, 0, 1, 403, 42, 1, 404, 46, 1, 406, 52, 1, 407, 48, 1,
  408, 0, 1, 412, 52, 1, 413, 54, 1, 415, 56, 1, 416, 1, 6,
  422, 60, 1, 423, 0, 1, 425, 60, 1, 428, 0, 1, 430, 60, 1,
  431, 0, 1, 433, 58, 2, 435, 1, 4, 439, 62, 1, 440, 0, 1,
  444, 0, 1, 452, 2, 1, 453, 0, 1, 455, 2, 1, 456, 0, 1,
  458, 2, 1, 459, 1, 18, 478, 1, 18, 497, 2, 1, 498, 1, 4,
  502, 122, 1, 503, 134, 1, 504, 1, 40, 544, 110, 1, 546, 1, 18,
  570, 70, 1, 571, 0, 1, 573, 108, 1, 574, 68, 1, 577, 0, 1,
  579, 106, 1, 580, 28, 1, 581, 30, 1, 582, 1, 10, 837, 36, 1,
  880, 1, 4, 886, 0, 1, 902, 18, 1, 904, 16, 3, 908, 26, 1,
  910, 24, 2, 913, 14, 17, 931, 14, 9, 962, 0, 1, 975, 4, 1,
  976, 140, 1, 977, 142, 1, 981, 146, 1, 982, 144, 1, 984, 1, 24,
  1008, 136, 1, 1009, 138, 1, 1012, 130, 1, 1013, 128, 1, 1015, 0, 1,
  1017, 152, 1, 1018, 0, 1, 1021, 110, 3, 1024, 34, 16, 1040, 14, 32,
  1120, 1, 34, 1162, 1, 54, 1216, 6, 1, 1217, 1, 14, 1232, 1, 88,
  1329, 22, 38, 4256, 66, 38, 4295, 66, 1, 4301, 66, 1, 7680, 1, 150,
  7835, 132, 1, 7838, 96, 1, 7840, 1, 96, 7944, 150, 8, 7960, 150, 6,
  7976, 150, 8, 7992, 150, 8, 8008, 150, 6, 8025, 151, 8, 8040, 150, 8,
  8072, 150, 8, 8088, 150, 8, 8104, 150, 8, 8120, 150, 2, 8122, 126, 2,
  8124, 148, 1, 8126, 100, 1, 8136, 124, 4, 8140, 148, 1, 8152, 150, 2,
  8154, 120, 2, 8168, 150, 2, 8170, 118, 2, 8172, 152, 1, 8184, 112, 2,
  8186, 114, 2, 8188, 148, 1, 8486, 98, 1, 8490, 92, 1, 8491, 94, 1,
  8498, 12, 1, 8544, 8, 16, 8579, 0, 1, 9398, 10, 26, 11264, 22, 47,
  11360, 0, 1, 11362, 88, 1, 11363, 102, 1, 11364, 90, 1, 11367, 1, 6,
  11373, 84, 1, 11374, 86, 1, 11375, 80, 1, 11376, 82, 1, 11378, 0, 1,
  11381, 0, 1, 11390, 78, 2, 11392, 1, 100, 11499, 1, 4, 11506, 0, 1,
  42560, 1, 46, 42624, 1, 24, 42786, 1, 14, 42802, 1, 62, 42873, 1, 4,
  42877, 76, 1, 42878, 1, 10, 42891, 0, 1, 42893, 74, 1, 42896, 1, 4,
  42912, 1, 10, 42922, 72, 1, 65313, 14, 26,
];
const CASE_OFFSETS = [
  1, 2, 8, 15, 16, 26, 28, 32, 37, 38, 40, 48,
  63, 64, 69, 71, 79, 80, 116, 202, 203, 205, 206, 207,
  209, 210, 211, 213, 214, 217, 218, 219, 775, 7264, 10792, 10795,
  23228, 23256, 30204, 54721, 54753, 54754, 54756, 54787, 54793, 54809, 57153, 57274,
  57921, 58019, 58363, 61722, 65268, 65341, 65373, 65406, 65408, 65410, 65415, 65424,
  65436, 65439, 65450, 65462, 65472, 65476, 65478, 65480, 65482, 65488, 65506, 65511,
  65514, 65521, 65527, 65528, 65529,
];

/** The index of the last entry (every `stride`-th number of the table) at or below `key`, or 0 (SQLite's binary searches). */
function lastAtOrBelow(table: readonly number[], stride: number, key: number): number {
  let found = 0;
  let low = 0;
  let high = table.length / stride - 1;
  while (high >= low) {
    const test = (high + low) >> 1;
    if (key >= (table[test * stride] ?? 0)) {
      found = test;
      low = test + 1;
    } else high = test - 1;
  }
  return found;
}

function withoutDiacritic(c: number): number {
  const found = lastAtOrBelow(DIACRITIC_KEYS, 1, (c << 3) | 7);
  const entry = DIACRITIC_KEYS[found] ?? 0;
  return c > (entry >> 3) + (entry & 7) ? c : (DIACRITIC_LETTERS[found] ?? 0) & 0x7f;
}

/** One code point as the trigram index folds it; 0 means the index drops it (a combining mark). */
export function foldCodePoint(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  if (c >= 65536) return c >= 66560 && c < 66600 ? c + 40 : c;
  const found = lastAtOrBelow(CASE_RULES, 3, c);
  const first = CASE_RULES[found * 3] ?? 0;
  const flags = CASE_RULES[found * 3 + 1] ?? 0;
  const range = CASE_RULES[found * 3 + 2] ?? 0;
  let folded = c;
  if (c < first + range && (1 & flags & (first ^ c)) === 0) folded = (c + (CASE_OFFSETS[flags >> 1] ?? 0)) & 0xffff;
  return withoutDiacritic(folded);
}

const folds = new Map<number, string>();

/**
 * A text as the trigram index sees it: each code point folded, the dropped ones left out. A line contains a search in
 * SQLite's sense (`MATCH` of a phrase of 3 characters or more) exactly when its folded text contains the search's.
 */
export function trigramFold(text: string): string {
  let out = '';
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0;
    if (c < 65 || (c > 90 && c < 128)) {
      out += char;
      continue;
    }
    let folded = folds.get(c);
    if (folded === undefined) {
      const code = foldCodePoint(c);
      folds.set(c, (folded = code === 0 ? '' : String.fromCodePoint(code)));
    }
    out += folded;
  }
  return out;
}

const ASCII_ONLY = /^[ -~]*$/;

/**
 * How `text` spells a folded phrase it contains (the shortest piece of `text` whose trigramFold is `folded`, at its
 * first place), or null when it does not contain it. A text holding `text` holds that piece as it is.
 */
export function spellingIn(text: string, folded: string): string | null {
  if (folded === '') return null;
  // Printable ASCII folds character by character to its lower case, one for one: the spelling sits where the phrase does.
  if (ASCII_ONLY.test(text)) {
    const at = text.toLowerCase().indexOf(folded);
    return at < 0 ? null : text.slice(at, at + folded.length);
  }
  let out = '';
  // For each UTF-16 unit of the folded text: where the code point it came from starts and ends in `text`.
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const char of text) {
    const piece = trigramFold(char);
    for (let k = 0; k < piece.length; k++) {
      starts.push(at);
      ends.push(at + char.length);
    }
    out += piece;
    at += char.length;
  }
  const found = out.indexOf(folded);
  if (found < 0) return null;
  return text.slice(starts[found], ends[found + folded.length - 1]);
}
