import { atom } from 'jotai';

/** True while the back end cannot be reached: the server-down modal shows and polls /health. */
export const serverDownAtom = atom(false);
