import type { Meta, StoryObj } from '@storybook/react-vite';
import type { RecognitionRecord } from '@ops/contracts';
import { RecordTable } from './RecordTable';
import { SnapshotPreview } from './SnapshotPreview';
import { useRecognitionDictionaries } from './useRecognitionDictionaries';
import './DataRetrieval.css';

const at = Date.UTC(2026, 10, 22, 8, 30, 0);
const base: RecognitionRecord = {
  recordId: 1,
  deviceId: 12,
  deviceName: '江南大道视频监控-012',
  at,
  longitude: 120.2105,
  latitude: 30.2085,
  kind: 'vehicle',
  ageBand: null,
  gender: null,
  faceAttributes: [],
  plate: '浙A12345',
  plateColor: 'BLUE',
  vehicleType: 'CAR',
  vehicleColor: 'WHITE',
  powerType: 'RYC',
  nonMotorType: null,
  peopleCount: null,
  targetType: null,
  hasSnapshot: true,
};
const rows: RecognitionRecord[] = [
  base,
  { ...base, recordId: 2, at: at - 60_000, plate: '浙AD67890', plateColor: 'GREEN', powerType: 'XNYS' },
  {
    ...base,
    recordId: 3,
    at: at - 120_000,
    kind: 'face',
    plate: null,
    plateColor: null,
    vehicleType: null,
    vehicleColor: null,
    powerType: null,
    ageBand: 'YOUTH',
    gender: '1',
    faceAttributes: ['GLASSES', 'MASK'],
  },
  {
    ...base,
    recordId: 4,
    at: at - 180_000,
    kind: 'target',
    plate: null,
    plateColor: null,
    vehicleType: null,
    vehicleColor: null,
    powerType: null,
    targetType: 'SMOKE_PLUME',
    hasSnapshot: false,
  },
];

/** The results and the snapshot as the page shows them, with the dictionaries the story container answers. */
function Panels({
  status,
  records,
  error,
  snapshot,
  capped = false,
}: {
  status: 'ready' | 'loading' | 'error';
  records: RecognitionRecord[];
  error?: string;
  snapshot: 'ok' | 'failed';
  /** A short plate fragment's search: the server counted up to 10,000. */
  capped?: boolean;
}) {
  const dictionaries = useRecognitionDictionaries();
  const picture = async () => {
    if (snapshot === 'failed') throw new Error('该记录的抓拍图片已超过保存期限，已被清理');
    return new Blob(
      ['<svg xmlns="http://www.w3.org/2000/svg" width="192" height="144"><rect width="192" height="144" fill="#2a3a55"/></svg>'],
      {
        type: 'image/svg+xml',
      },
    );
  };
  return (
    <div className="data-retrieval__main" style={{ width: 1100, height: 420 }}>
      <RecordTable
        page={
          status === 'loading'
            ? undefined
            : capped
              ? { rows: records, total: 10_000, totalCapped: true }
              : { rows: records, total: records.length }
        }
        status={status}
        error={error}
        onRetry={() => undefined}
        pageNum={1}
        pageSize={20}
        onPage={() => undefined}
        activeId={records[0]?.recordId}
        onOpen={() => undefined}
        dictionaries={dictionaries}
      />
      <SnapshotPreview record={records[0]} loadSnapshot={picture} dictionaries={dictionaries} />
    </div>
  );
}

const meta = {
  title: 'Plugins/DataRetrieval/Panels',
  component: Panels,
  args: { status: 'ready', records: rows, snapshot: 'ok' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Panels>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {};
export const Loading: Story = { args: { status: 'loading', records: [] } };
export const Empty: Story = { args: { records: [] } };
export const Failed: Story = { args: { status: 'error', records: [], error: '网络错误，请稍后重试' } };
export const SnapshotFailed: Story = { args: { snapshot: 'failed' } };
export const SnapshotExpired: Story = { args: { records: [rows[3]!] } };
export const CappedTotal: Story = { args: { capped: true } };
