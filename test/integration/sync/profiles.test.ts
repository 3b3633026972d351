import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';

// The suites that move files run in two projects (vitest.config.ts): this proves each project's
// sandbox answers with the profile it names, so a pass of the `real` project is a pass against the
// real service's answers and not, silently, the spec's again.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

describe('the sandbox profile of this project', () => {
  it('is the one the project provides', async () => {
    const config = (await (await sb.call('/__sandbox/config')).json()) as { profile: string };
    expect(config.profile).toBe(inject('sandboxProfile'));
  });
});
