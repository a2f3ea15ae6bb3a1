/** Live video and recordings (spec section 7): what the stream routes answer (contracts/api/streamRoutes.ts). */

/** Where a camera plays (`GET /stream/getStream?type=play`). */
export interface StreamAddress {
  deviceId: number;
  deviceName: string;
  /** The stream endpoint's SDP address: absolute (a media server of its own) or relative to the API base. */
  streamUrl: string;
  /** False when the server cannot run the camera's source; `reason` says why. */
  available?: boolean;
  reason?: string;
}

/** Where the caller pushes their own camera or screen (`GET /stream/getStream?type=push`). */
export type PushAddress = Pick<StreamAddress, 'streamUrl' | 'available' | 'reason'>;

/** The stream endpoint's answer to an SDP offer: code 0 and the answer's SDP; any other code refuses. */
export interface SdpAnswer {
  code: number;
  msg: string;
  sdp: string;
}

/** An operator's picture the tenant's operators can play (`GET /stream/live`). */
export interface LiveOperator {
  userId: number;
  name: string;
  /** When the push started (ms). */
  since: number;
  viewers: number;
}

/** One recorded segment of a camera (`GET /stream/records`). */
export interface RecordedSegment {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

export interface RecordList {
  deviceId: number;
  deviceName: string;
  /** Whether the server records at all (RECORDINGS=0 switches it off). */
  recording: boolean;
  segments: RecordedSegment[];
}
