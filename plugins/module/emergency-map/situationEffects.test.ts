import { describe, expect, it } from 'vitest';
import { offsetPosition } from './offsetPosition';
import { MAX_FIRES, situationEffects } from './situationEffects';
import { closedDetail, sampleDetail, sampleEvent, sampleResources } from './storyData';

const ids = (specs: { id: string }[]) => specs.map((spec) => spec.id);

describe('situationEffects', () => {
  it('draws fire and smoke at an active fire, its area as a scan circle and one pulsing circle per open task when focused', () => {
    const specs = situationEffects({ page: 'fireFighting', events: [sampleEvent], focused: sampleDetail, resources: null, crowd: [] });
    expect(ids(specs)).toEqual(['emergency:event-12:fire', 'emergency:event-12:scan', 'emergency:event-12:task-1']);
    expect(specs[0]).toMatchObject({ effect: 'fireSmoke', options: { position: { longitude: 120.2112, latitude: 30.2084 } } });
    expect(specs[1]).toMatchObject({ effect: 'scanCircle', options: { radius: 300 } });
    expect(specs[2]!.effect).toBe('pulsingCircle');
  });

  it('puts task circles on the edge of the affected area', () => {
    const place = offsetPosition(120, 30, 300, 0);
    expect(place.longitude).toBeCloseTo(120, 8);
    expect((place.latitude - 30) * 111_320).toBeCloseTo(300, 3);
    const east = offsetPosition(120, 30, 300, Math.PI / 2);
    expect((east.longitude - 120) * 111_320 * Math.cos((30 * Math.PI) / 180)).toBeCloseTo(300, 3);
  });

  it('draws no scan circle or tasks for a closed event, and at most MAX_FIRES fires', () => {
    const fires = Array.from({ length: MAX_FIRES + 3 }, (_, index) => ({ ...sampleEvent, eventId: index + 1 }));
    const specs = situationEffects({ page: 'fire', events: fires, focused: closedDetail, resources: null, crowd: [] });
    expect(specs.filter((spec) => spec.effect === 'fireSmoke')).toHaveLength(MAX_FIRES);
    expect(specs.some((spec) => spec.effect === 'scanCircle' || spec.effect === 'pulsingCircle')).toBe(false);
  });

  it('flashes low hydrants on the fire pages and high water on the water pages, never the other way round', () => {
    const fire = ids(situationEffects({ page: 'fireFighting', events: [], focused: null, resources: sampleResources, crowd: [] }));
    expect(fire).toEqual(['emergency:hydrant-32']);
    const flood = ids(situationEffects({ page: 'floodPrevention', events: [], focused: null, resources: sampleResources, crowd: [] }));
    expect(flood).toEqual(['emergency:water-41']);
    expect(ids(situationEffects({ page: 'water', events: [], focused: null, resources: sampleResources, crowd: [] }))).toEqual([
      'emergency:hydrant-32',
      'emergency:water-41',
    ]);
  });

  it('draws evacuation routes as line trails, shelters and crowd density on 人群疏散', () => {
    const specs = situationEffects({
      page: 'evacuate',
      events: [],
      focused: null,
      resources: sampleResources,
      crowd: [{ deviceId: 7, name: 'AP', longitude: 120.2, latitude: 30.2, people: 520, source: 'wifi' }],
    });
    const route = specs.find((spec) => spec.id === 'emergency:route-1');
    expect(route).toMatchObject({ effect: 'lineTrail', options: { tag: 1, positions: [120.2112, 30.2084, 5, 120.214, 30.21, 5] } });
    expect(specs.find((spec) => spec.id === 'emergency:shelter-1')?.effect).toBe('flashingPoint');
    // A circle reaches 1 m per person, at most 300 m.
    expect(specs.find((spec) => spec.id === 'emergency:crowd-7')).toMatchObject({ effect: 'pulsingCircle', options: { maxRadius: 300 } });
  });
});
