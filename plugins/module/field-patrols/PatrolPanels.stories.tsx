import type { Meta, StoryObj } from '@storybook/react-vite';
import type { WidgetStatus } from '@ops/sdk';
import { CheckInListPanel } from './CheckInListPanel';
import { PatrolDetailPanel } from './PatrolDetailPanel';
import { PatrolFiguresPanel } from './PatrolFiguresPanel';
import { RouteListPanel } from './RouteListPanel';
import { sampleCheckIns, samplePhotoUrl, sampleRoute, sampleStatistics } from './storyData';

/** The panels of the patrol pages (城市巡查, 绿化打卡, 环卫打卡 …) in each state, fed with rows as the server answers them. */
function PatrolPanels({ status, error, empty = false }: { status: WidgetStatus; error?: string; empty?: boolean }) {
  const ready = status === 'ready' && !empty;
  const loaded = <T,>(data: T, none: T) => ({
    status,
    data: status === 'ready' ? (empty ? none : data) : undefined,
    ...(error ? { error } : {}),
  });
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '380px 380px', gap: 12 }}>
      <PatrolFiguresPanel
        title="绿化打卡"
        figures={loaded(sampleStatistics, { ...sampleStatistics, total: { done: 0, missed: 0, due: 0, checkIns: 0 } })}
        onRetry={() => undefined}
      />
      <RouteListPanel
        title="绿化打卡"
        routes={loaded([sampleRoute], [])}
        focusedId={7}
        onOpen={() => undefined}
        onRetry={() => undefined}
      />
      <CheckInListPanel
        title="绿化打卡"
        checkIns={loaded({ rows: sampleCheckIns, total: 20 }, { rows: [], total: 0 })}
        pageNum={1}
        focusedId={42}
        onPage={() => undefined}
        onOpen={() => undefined}
        onRetry={() => undefined}
        loadPhoto={samplePhotoUrl}
      />
      <PatrolDetailPanel
        detail={ready ? { kind: 'route', route: sampleRoute, highlightedCheckpointId: 102 } : { kind: 'none' }}
        {...(ready ? { notice: '该告警对应的漏打卡点' } : {})}
        onOpenCheckIn={() => undefined}
        onOpenRoute={() => undefined}
        onLocate={() => undefined}
        onRetry={() => undefined}
        loadPhoto={samplePhotoUrl}
      />
    </div>
  );
}

const meta = {
  title: 'Plugins/FieldPatrols/Panels',
  component: PatrolPanels,
  args: { status: 'ready' },
} satisfies Meta<typeof PatrolPanels>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Loading: Story = { args: { status: 'loading' } };
export const Failed: Story = { args: { status: 'error', error: '网络异常，请稍后重试' } };
export const Empty: Story = { args: { empty: true } };
