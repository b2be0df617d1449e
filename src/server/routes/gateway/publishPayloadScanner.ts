/** Most video ids one publish payload may name. */
export const MAX_PAYLOAD_VIDEOS = 100_000;
const MAX_ID_CHARS = 64;

/**
 * Reads a publish payload (`{"video_ids": [...], "published": true, ...anything else}`) as it streams in, keeping only
 * the top-level `video_ids` and `published`: the rest (captions, product data, media manifests) goes to disk untouched,
 * so a payload of any size is read in constant memory. It tracks JSON's nesting and strings, not every grammar rule;
 * the stored payload is the client's own document.
 */
export class PublishPayloadScanner {
  readonly videoIds: string[] = [];
  published: boolean | null = null;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private text = '';
  private capture: 'none' | 'key' | 'id' = 'none';
  private key: string | null = null;
  private afterColon = false;
  private inIds = false;
  private literal = '';
  private started = false;
  private closed = false;
  problem: string | null = null;

  feed(chunk: string): void {
    for (let i = 0; i < chunk.length && this.problem === null; i++) this.step(chunk[i]!);
  }

  /** Null when the payload was a complete object naming at least one video; else what is wrong with it. */
  finish(): string | null {
    if (this.problem) return this.problem;
    if (!this.closed || this.depth !== 0) return 'The publish payload is not complete JSON: it ended inside the document.';
    if (this.videoIds.length === 0) return 'video_ids: name at least one video to publish.';
    return null;
  }

  private fail(problem: string): void {
    this.problem = problem;
  }

  private step(ch: string): void {
    if (this.inString) {
      if (this.escaped) {
        this.escaped = false;
        if (this.capture !== 'none') this.text += ch;
      } else if (ch === '\\') this.escaped = true;
      else if (ch === '"') this.endString();
      else if (this.capture !== 'none') {
        this.text += ch;
        if (this.capture === 'id' && this.text.length > MAX_ID_CHARS) this.fail(`video_ids: an id is at most ${MAX_ID_CHARS} characters.`);
      }
      return;
    }
    if (/\s/.test(ch)) return;
    if (this.closed) return this.fail('The publish payload has something after its closing brace.');
    if (!this.started) {
      if (ch !== '{') return this.fail('The publish payload is a JSON object: {"video_ids": [...], ...}.');
      this.started = true;
    }
    switch (ch) {
      case '"':
        if (this.depth === 1 && this.afterColon && this.key === 'published') return this.fail('published: true or false.');
        this.inString = true;
        this.text = '';
        this.capture = this.depth === 1 && !this.afterColon ? 'key' : this.depth === 2 && this.inIds ? 'id' : 'none';
        return;
      case '{':
      case '[':
        this.depth += 1;
        if (this.depth === 2 && ch === '[' && this.afterColon && this.key === 'video_ids') this.inIds = true;
        return;
      case '}':
      case ']':
        if (this.depth === 2 && this.inIds) this.inIds = false;
        if (this.depth === 1) this.endLiteral();
        this.depth -= 1;
        if (this.depth === 0) this.closed = true;
        if (this.depth < 0) this.fail('The publish payload closes more than it opens.');
        return;
      case ':':
        if (this.depth === 1) this.afterColon = true;
        return;
      case ',':
        if (this.depth === 1) {
          this.endLiteral();
          this.afterColon = false;
          this.key = null;
        }
        return;
      default:
        if (this.depth === 1 && this.afterColon) this.literal += ch;
    }
  }

  private endString(): void {
    this.inString = false;
    if (this.capture === 'key') this.key = this.text;
    if (this.capture === 'id') {
      if (this.videoIds.length >= MAX_PAYLOAD_VIDEOS) return this.fail(`video_ids: at most ${MAX_PAYLOAD_VIDEOS.toLocaleString('en-US')} videos in one payload.`);
      this.videoIds.push(this.text);
    }
    this.capture = 'none';
  }

  private endLiteral(): void {
    if (this.key === 'published' && this.literal !== '') {
      if (this.literal !== 'true' && this.literal !== 'false') return this.fail('published: true or false.');
      this.published = this.literal === 'true';
    }
    this.literal = '';
  }
}
