/** The intro modal's three sample questions (spec §1), in its order. */
export const SAMPLE_QUESTIONS = [
  'What are the top 10 topics discussed in our videos?',
  'What is the overall sentiment expressed about our brand?',
  'Which demographics are not represented in our videos?',
] as const;
