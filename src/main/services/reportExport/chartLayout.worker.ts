/**
 * The chart layout thread (chartLayoutThread.ts starts it): takes a report's charts and lays out each one the writer
 * has not claimed yet, answering each as it is done. A chart is claimed in the shared `claims` array, so the thread and
 * the writer never both lay out the same one.
 */
import { parentPort } from 'node:worker_threads';
import { layoutChart, type ChartLayoutRequest } from './chartLayout';
import { CLAIM, type LayoutAnswer } from './chartLayoutProtocol';

interface Batch {
  batch: number;
  requests: ChartLayoutRequest[];
  claims: Int32Array;
}

const port = parentPort;
if (port) {
  port.on('message', ({ batch, requests, claims }: Batch) => {
    requests.forEach((request, index) => {
      if (Atomics.compareExchange(claims, index, CLAIM.free, CLAIM.thread) !== CLAIM.free) return;
      let answer: LayoutAnswer;
      try {
        answer = { batch, index, items: layoutChart(request) };
      } catch (error) {
        answer = { batch, index, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(answer);
    });
    port.postMessage({ batch, done: true } satisfies LayoutAnswer);
  });
}
