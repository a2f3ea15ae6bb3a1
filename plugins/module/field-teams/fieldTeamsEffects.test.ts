import { describe, expect, it } from 'vitest';
import { packPositions, unpackPositions, type FieldPosition } from '@ops/contracts';
import { clickedMember, teamSubjects, trackLine, TRACK_MAX_POINTS } from './fieldTeamsEffects';
import { sampleMembers } from './storyData';

const fix = (index: number): FieldPosition => ({
  subjectKind: 'person',
  subjectId: 1,
  at: index * 1000,
  longitude: 120 + index / 1e5,
  latitude: 30,
  altitude: null,
  speed: 1.2,
  heading: 90,
});

describe('team map effects', () => {
  it('draws members with a position, the newer of list and push, off-duty grey, the selected marked', () => {
    const newer = { ...sampleMembers[0]!.lastPosition!, at: sampleMembers[0]!.lastPosition!.at + 1, longitude: 121 };
    const older = { ...sampleMembers[1]!.lastPosition!, at: 0, longitude: 100 };
    const subjects = teamSubjects(
      sampleMembers,
      new Map([
        [1, newer],
        [2, older],
      ]),
      2,
    );
    expect(subjects).toEqual([
      {
        id: '1',
        kind: 'person',
        longitude: 121,
        latitude: newer.latitude,
        heading: 87,
        label: '王建华',
        color: '#22d3ee',
        selected: false,
      },
      expect.objectContaining({ id: '2', longitude: sampleMembers[1]!.lastPosition!.longitude, selected: true }),
    ]);
    expect(teamSubjects([{ ...sampleMembers[0]!, onDuty: false }], new Map(), null)[0]?.color).toBe('#8f99a8');
  });

  it('thins a long track to at most TRACK_MAX_POINTS, keeping its ends; nothing under two points', () => {
    expect(trackLine([fix(0)])).toBeNull();
    const day = Array.from({ length: 86_400 }, (_, index) => fix(index));
    const line = trackLine(day)!;
    expect(line.length / 3).toBeLessThanOrEqual(TRACK_MAX_POINTS + 1);
    expect(line.slice(0, 2)).toEqual([120, 30]);
    expect(line.slice(-3, -1)).toEqual([day.at(-1)!.longitude, 30]);
  });

  it('reads a click on a person, and packs positions for the push both ways', () => {
    expect(clickedMember('field-teams:people#12')).toBe(12);
    expect(clickedMember('emergency:event-1:fire')).toBeNull();
    const positions = [fix(3), { ...fix(4), subjectKind: 'uav' as const, subjectId: 9, altitude: 120.5, heading: null }];
    expect(unpackPositions(packPositions(positions))).toEqual([
      { ...fix(3), speed: null },
      { ...positions[1]!, speed: null },
    ]);
  });
});
