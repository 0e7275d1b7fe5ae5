import { ApiDocsView } from './api-docs-view';

export default function MobileApiDocsPage() {
  return <ApiDocsView name="mobile" title="Mobile API Documentation" />;
}
