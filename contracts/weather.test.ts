import { describe, expect, it } from 'vitest';
import { WEATHER_TEXTS, temperatureBand, temperatureBandName, weatherIcon } from './weather';

describe('temperatureBand', () => {
  it.each([
    [-60, 'extremelyCold', '极寒'],
    [-40.1, 'extremelyCold', '极寒'],
    [-40, 'cold', '寒冷'],
    [-0.1, 'cold', '寒冷'],
    [0, 'cool', '凉爽'],
    [20, 'cool', '凉爽'],
    [20.1, 'warm', '温暖'],
    [30, 'warm', '温暖'],
    [30.1, 'hot', '炎热'],
    [40, 'hot', '炎热'],
    [40.1, 'scorching', '酷热'],
    [55, 'scorching', '酷热'],
  ] as const)('%s °C is %s (%s)', (celsius, band, name) => {
    expect(temperatureBand(celsius)).toBe(band);
    expect(temperatureBandName(celsius)).toBe(name);
  });
});

describe('weatherIcon', () => {
  it('maps every text the server produces to its icon', () => {
    expect(Object.fromEntries(WEATHER_TEXTS.map((text) => [text, weatherIcon(text)]))).toEqual({
      晴: 'sunny',
      多云: 'cloudy',
      阴: 'overcast',
      小雨: 'rain',
      中雨: 'rain',
      大雨: 'rain',
      雷阵雨: 'thunderShower',
      暴雨: 'storm',
      雪: 'snow',
    });
  });

  it('maps other texts of weather services by what they contain', () => {
    expect(['晴间多云', '阵雨', '雨夹雪', '大暴雨', '雾', '霾', '未知'].map(weatherIcon)).toEqual([
      'cloudy',
      'rain',
      'snow',
      'storm',
      'overcast',
      'overcast',
      'cloudy',
    ]);
  });
});
