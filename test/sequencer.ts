import { BaseSequencer, type TestSpecification } from 'vitest/node';

const GROUPS = ['/test/e2e/', '/test/integration/'];
const group = (spec: TestSpecification) => {
  const i = GROUPS.findIndex((g) => spec.moduleId.includes(g));
  return i < 0 ? GROUPS.length : i;
};

/**
 * The browser and integration files first, the many short unit files last, so that both workers end
 * together. Vitest orders files by their last durations, but a fresh clone (CI) has none and it falls
 * back to file size: a small file that runs for a minute (a crash test) then started last and ran
 * alone at the end. Within a group, vitest's own order stands.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i, g: group(spec) }))
      .sort((a, b) => a.g - b.g || a.i - b.i)
      .map((x) => x.spec);
  }
}
