import { describe, expect, it } from 'vitest';
import { firstFieldOnPage, mapServerErrors, visibleFormFields } from './map-server-errors';

describe('mapServerErrors', () => {
  it('puts field errors beside the fields the form shows', () => {
    const result = mapServerErrors(
      { title: ['タイトルを入力してください。'], lat: ['日本国内の場所を選んでください。'] },
      visibleFormFields('spot', 'station'),
    );
    expect(result.fields).toEqual([
      { field: 'title', message: 'タイトルを入力してください。' },
      { field: 'point', message: '日本国内の場所を選んでください。' },
    ]);
    expect(result.form).toEqual([]);
  });

  it('names the photo a photo error is about', () => {
    const result = mapServerErrors(
      { 'images.3': ['画像を読み込めませんでした。'] },
      visibleFormFields('image', 'station'),
    );
    expect(result.fields).toEqual([
      { field: 'photos', message: '4枚目の写真：画像を読み込めませんでした。' },
    ]);
  });

  it('sends what no visible field can show to the form alert', () => {
    const result = mapServerErrors(
      { stationGroupId: ['駅が見つかりません。'], kind: ['種類が違います。'] },
      visibleFormFields('event', 'point'),
    );
    expect(result.fields).toEqual([]);
    expect(result.form).toEqual(['駅が見つかりません。', '種類が違います。']);
  });

  it('shows an event station error at the station picker', () => {
    const result = mapServerErrors(
      { stationGroupId: ['駅が見つかりません。'], startsAt: ['日時が正しくありません。'] },
      visibleFormFields('event', 'station'),
    );
    expect(result.fields.map((entry) => entry.field)).toEqual(['station', 'startsAt']);
  });

  it('keeps only the first error of a field beside it', () => {
    const result = mapServerErrors(
      { 'images.0': ['一枚目'], 'images.1': ['二枚目'] },
      visibleFormFields('spot', 'station'),
    );
    expect(result.fields).toHaveLength(1);
    expect(result.form).toEqual(['2枚目の写真：二枚目']);
  });
});

describe('firstFieldOnPage', () => {
  it('picks the invalid field highest on each kind’s page', () => {
    expect(firstFieldOnPage('spot', ['photos', 'point', 'title'])).toBe('title');
    expect(firstFieldOnPage('event', ['station', 'endsAt'])).toBe('endsAt');
    expect(firstFieldOnPage('image', ['title', 'photos'])).toBe('photos');
    expect(firstFieldOnPage('spot', ['kind'])).toBeNull();
  });
});
