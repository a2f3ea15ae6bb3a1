import { describe, expect, it } from 'vitest';
import { defaultRuntimeConfig, parseRuntimeConfig } from './RuntimeConfig';

describe('parseRuntimeConfig', () => {
  it('keeps defaults for missing or wrongly typed fields', () => {
    expect(parseRuntimeConfig(null)).toEqual(defaultRuntimeConfig);
    expect(parseRuntimeConfig({ apiBaseUrl: 5, showErrorMessages: 'yes' })).toEqual(defaultRuntimeConfig);
  });
  it('takes the plugins switched off by configuration, keeping only ids', () => {
    expect(parseRuntimeConfig({ disabledPlugins: ['device:wifi', 5] }).disabledPlugins).toEqual(['device:wifi']);
  });

  it('takes valid fields and trims a trailing slash from the API base', () => {
    expect(parseRuntimeConfig({ apiBaseUrl: 'https://ops.example.com/prod-api/', showErrorMessages: false, pushUrl: 'wss://x/push' })).toMatchObject({
      apiBaseUrl: 'https://ops.example.com/prod-api',
      showErrorMessages: false,
      pushUrl: 'wss://x/push',
    });
  });
});
