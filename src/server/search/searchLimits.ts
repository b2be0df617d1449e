/** Shortest transcript search the term index answers (a trigram); shorter searches test the lines' text in code. */
export const FTS_MIN_CHARS = 3;
