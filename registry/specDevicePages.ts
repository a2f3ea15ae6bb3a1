// Checked by the registry and plugin tests: the device plugins must cover exactly these.
/** The device child pages of spec section 2. */
export const SPEC_DEVICE_PAGES = [
  'agent', 'alarm', 'bright', 'broad', 'camera', 'charge', 'envir', 'fireAlarm', 'fireCamera', 'fireHydrant', 'lamp', 'light', 'navigationScreen',
  'runningColumn', 'screen', 'sightseeingBus', 'smartLocker', 'smartManhole', 'smartParking', 'smartPlatform', 'smartSeat', 'smartStation',
  'smartToilet', 'smartTrash', 'smartbox', 'smoke', 'soldier', 'trail', 'uav', 'vendingMachine', 'walkie', 'wifi', 'yacht',
];
