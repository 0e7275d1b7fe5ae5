import { describe, expect, it } from 'vitest';
import { calls, WIDGET_CATALOGUE } from './index';

const list = [WIDGET_CATALOGUE.POST[0], WIDGET_CATALOGUE.POST[3]];

describe('dashboard-widget answers (spec 02 section 7: the widget list arrives as a JSON string)', () => {
  it('GET dashboard-widget carries widget_json as a JSON string, never the list itself', () => {
    const answer = (widget_json: unknown) =>
      calls.dashboardWidget.response.safeParse({
        responseCode: 200,
        data: { type: 'POST', widget_json, available: list },
      }).success;
    expect(answer(JSON.stringify(list))).toBe(true);
    expect(answer('[]')).toBe(true);
    expect(answer(list)).toBe(false);
    expect(answer('not json')).toBe(false);
    expect(answer(JSON.stringify([{ id: 'Nope' }]))).toBe(false);
  });

  it('save-dashboard-widget answers the saved list as a JSON string too, and takes either form', () => {
    const answer = (widget_json: unknown) =>
      calls.saveDashboardWidget.response.safeParse({
        responseCode: 200,
        data: { type: 'POST', widget_json },
        widget: '{"POST":[],"ADS":[]}',
      }).success;
    expect(answer(JSON.stringify(list))).toBe(true);
    expect(answer(list)).toBe(false);
    const request = (widget_json: unknown) =>
      calls.saveDashboardWidget.request.safeParse({ type: 'POST', widget_json }).success;
    expect(request(JSON.stringify(list))).toBe(true);
    expect(request(list)).toBe(true);
  });
});
