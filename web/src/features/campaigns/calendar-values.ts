import { CAMPAIGN_SETTING_MONEY_TYPES, type CampaignSettingEvent } from '@admin/contract';
import { money } from '../../lib/format';

/** Whether a setting type holds an amount of money (shown as money, entered with the currency). */
export const isMoney = (t: string) => (CAMPAIGN_SETTING_MONEY_TYPES as readonly string[]).includes(t);

/** A setting's value as shown: money for the money types, else the number. */
export const showValue = (e: Pick<CampaignSettingEvent, 'type' | 'value'>) =>
  isMoney(e.type) ? money(e.value) : String(e.value);
