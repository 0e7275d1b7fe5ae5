import { ApiDocsView } from './api-docs-view';

export default function ApiDocsPage() {
  return <ApiDocsView name="admin" title="API Documentation" />;
}
