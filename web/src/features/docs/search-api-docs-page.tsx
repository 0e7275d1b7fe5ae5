import { ApiDocsView } from './api-docs-view';

export default function SearchApiDocsPage() {
  return <ApiDocsView name="search" title="Search API Documentation" />;
}
