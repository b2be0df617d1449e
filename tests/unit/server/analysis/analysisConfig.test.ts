import { describe, expect, it } from 'vitest';
import { readPipelineEnv } from '../../../../src/server/analysis/analysisConfig';

describe('REELSCOPE_JOB_LEASE_MS (how long an instance holds a claimed job)', () => {
  it('is unset by default (the pipeline and the publisher keep their 30 s), and a whole number of milliseconds when set', () => {
    expect(readPipelineEnv({}).jobLeaseMs).toBeUndefined();
    expect(readPipelineEnv({ REELSCOPE_JOB_LEASE_MS: ' ' }).jobLeaseMs).toBeUndefined();
    expect(readPipelineEnv({ REELSCOPE_JOB_LEASE_MS: '2500' }).jobLeaseMs).toBe(2500);
  });

  it('refuses 0 (every instance could take every job at once) and what is not a number, naming the variable', () => {
    expect(() => readPipelineEnv({ REELSCOPE_JOB_LEASE_MS: '0' })).toThrow('REELSCOPE_JOB_LEASE_MS must be a whole number of milliseconds ≥ 1, got "0".');
    for (const text of ['-5', 'soon', '1.5']) expect(() => readPipelineEnv({ REELSCOPE_JOB_LEASE_MS: text })).toThrow(/^REELSCOPE_JOB_LEASE_MS must be a whole number of milliseconds/);
  });
});
