import { describe, expect, it } from 'vitest';
import { draftRoute, parseCorners, type PlanDraft } from './DispatchPanels';
import { presets } from './storyData';

describe('the dispatch form', () => {
  it('reads typed corners one a line, in either comma, and refuses fewer than three or a non-number', () => {
    expect(parseCorners('120.1,30.2\n120.2，30.2\n 120.2 30.3 \n')).toEqual([
      [120.1, 30.2],
      [120.2, 30.2],
      [120.2, 30.3],
    ]);
    expect(parseCorners('120.1,30.2\n120.2,30.2')).toBeNull();
    expect(parseCorners('120.1,30.2\n120.2,北\n120.2,30.3')).toBeNull();
    expect(parseCorners('120.1,30.2,5\n120.2,30.2\n120.2,30.3')).toBeNull();
  });

  it('plans the preset route or the clicked waypoints', () => {
    const draft: PlanDraft = { deviceId: 7, taskKind: 'patrol', source: 'preset', presetId: 'river-qiantang', waypoints: [[120, 30, 80]] };
    expect(draftRoute(draft, presets)).toEqual(presets[0]!.route);
    expect(draftRoute({ ...draft, presetId: 'gone' }, presets)).toEqual([]);
    expect(draftRoute({ ...draft, source: 'clicked' }, presets)).toEqual([[120, 30, 80]]);
  });
});
