import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

let nlpInstance: ReturnType<typeof winkNLP> | null = null;
/** wink-nlp with its English lite model, loaded on first use (about 100 ms). */
export function nlp(): ReturnType<typeof winkNLP> {
  nlpInstance ??= winkNLP(model);
  return nlpInstance;
}
