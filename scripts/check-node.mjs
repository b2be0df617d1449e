// The Node this project needs, checked before `npm install` (preinstall) and `npm start`.
// Plain JavaScript that any Node since 14 can run, so an old Node reaches the message instead of a syntax error.
// The floor is read from package.json's `engines.node` so it is written down once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkgPath = fileURLToPath(new URL('../package.json', import.meta.url));

/** The `>=X.Y.Z` floor of package.json's engines.node, as numbers. */
export function requiredNode() {
  const range = JSON.parse(readFileSync(pkgPath, 'utf8')).engines.node;
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
  return { text: `${match[1]}.${match[2]}.${match[3]}`, parts: match.slice(1, 4).map(Number) };
}

/** True when `version` (e.g. "v22.23.3") is at or above the floor. */
export function nodeSatisfies(version, floor) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (have[i] !== floor[i]) return have[i] > floor[i];
  }
  return true;
}

/** The message a person sees on a Node that is too old: what is needed, what they have, and how to get it. */
export function wrongNodeMessage(version, needed) {
  return [
    '',
    `Reelscope needs Node ${needed} or newer; this shell runs Node ${version} (${process.execPath}).`,
    'Get a newer Node, then run the command again:',
    '  - on Linux x64, in this shell (and in every new one):  source scripts/ensure-node.sh',
    '    it fetches Node from the npm registry into ~/.cache/reelscope-node and puts it first on PATH;',
    `  - elsewhere: a version manager (nvm install ${needed.split('.')[0]}, fnm, volta) or https://nodejs.org.`,
    '',
  ].join('\n');
}

/** Exits with the message when the running Node is too old. */
export function assertNode() {
  const floor = requiredNode();
  if (!nodeSatisfies(process.version, floor.parts)) {
    console.error(wrongNodeMessage(process.version, floor.text));
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) assertNode();
