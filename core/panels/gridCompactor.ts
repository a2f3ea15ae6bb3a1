import type { Compactor, Layout, LayoutItem } from 'react-grid-layout';

/**
 * Over the map panels stay where the operator puts them (no closing up towards the top, so the
 * columns either side of the globe keep their gaps), but they never overlap: a panel dragged or
 * resized onto others pushes them down below it, as far as it takes. This is the rule the layout
 * repair of contracts/panels.ts applies on the server, so what the operator sees while editing is
 * what is saved and what comes back after a reload. (react-grid-layout's `noCompactor` resolves
 * collisions only while dragging: a resize let panels overlap, and the server then moved them on
 * save, so the page showed one layout and stored another.)
 *
 * `active` names the panel being dragged or resized: it stays where the pointer has it and the
 * others make room; then the rest are placed top to bottom, left to right.
 */
export function stackingCompactor(active: () => string | undefined): Compactor {
  return {
    type: null,
    allowOverlap: false,
    compact(layout: Layout): Layout {
      const moving = active();
      const order = [...layout].sort((a, b) => Number(b.i === moving) - Number(a.i === moving) || a.y - b.y || a.x - b.x);
      const placed: LayoutItem[] = [];
      const byId = new Map<string, LayoutItem>();
      for (const item of order) {
        const next: LayoutItem = { ...item, moved: false };
        for (let blocker = firstOverlap(placed, next); blocker; blocker = firstOverlap(placed, next)) next.y = blocker.y + blocker.h;
        placed.push(next);
        byId.set(next.i, next);
      }
      return layout.map((item) => byId.get(item.i)!);
    },
  };
}

function firstOverlap(placed: readonly LayoutItem[], item: LayoutItem): LayoutItem | undefined {
  return placed.find(
    (other) => item.x < other.x + other.w && other.x < item.x + item.w && item.y < other.y + other.h && other.y < item.y + item.h,
  );
}
