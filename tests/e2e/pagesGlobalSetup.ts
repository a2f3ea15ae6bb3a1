import { createGlobalSetup } from './globalSetup';

/** The pages group's shared server, with video rooms on Janus where the machine allows it. */
export default createGlobalSetup({ videoRooms: true });
