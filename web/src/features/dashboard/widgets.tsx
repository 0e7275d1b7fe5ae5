import '@mantine/charts/styles.css';
import type { WidgetId } from '@admin/contract';
import type { ReactNode } from 'react';
import { AdsAnalytics } from './widget/ads-analytics';
import { AdsTransactions } from './widget/ads-transactions';
import { FailedUrlGraph } from './widget/failed-url-graph';
import { FailedUrls } from './widget/failed-urls';
import type { Range } from './widget/frame';
import { GoogleAnalytics } from './widget/google-analytics';
import { GoogleAnalyticsGraph } from './widget/google-analytics-graph';
import { MapComp } from './widget/map-comp';
import { PopularSearches } from './widget/popular-searches';
import { SwisAnalytics } from './widget/swis-analytics';
import { TopSearches } from './widget/top-searches';

export interface WidgetProps {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
}

const RENDER: Record<WidgetId, (p: { title: string; range: Range }) => ReactNode> = {
  SwisAnalytics: (p) => <SwisAnalytics {...p} />,
  GoogleAnalytics: (p) => <GoogleAnalytics {...p} />,
  GoogleAnalyticsGraph: (p) => <GoogleAnalyticsGraph {...p} />,
  TopSearches: (p) => <TopSearches {...p} />,
  PopularSearches: (p) => <PopularSearches {...p} />,
  FailedUrlGraph: (p) => <FailedUrlGraph {...p} />,
  FailedUrls: (p) => <FailedUrls {...p} />,
  MapComp: (p) => <MapComp {...p} />,
  AdsAnalytics: (p) => <AdsAnalytics {...p} />,
  AdsTransactions: (p) => <AdsTransactions {...p} />,
};

/** One dashboard widget by id (one file each under widget/), with the date range every widget receives. */
export default function Widget({ id, title, start_date, end_date }: WidgetProps) {
  const render = RENDER[id as WidgetId];
  return render ? render({ title, range: { start_date, end_date } }) : null;
}
