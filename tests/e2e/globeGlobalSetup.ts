import { createGlobalSetup } from './globalSetup';

/** The globe group's shared server: no video rooms, so no Janus. */
export default createGlobalSetup({ videoRooms: false });
