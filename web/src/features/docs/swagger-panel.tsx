import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './swagger-dark.css';
import { sessionStore } from '../../auth/session';

interface SwaggerRequest {
  url: string;
  headers: Record<string, string>;
}

/** Adds the signed-in user's bearer token to every request Swagger UI sends ("Try it out"). */
function withToken(req: SwaggerRequest): SwaggerRequest {
  const token = sessionStore.token();
  if (token && !req.headers.Authorization && !req.headers.authorization) {
    req.headers.Authorization = `Bearer ${token}`;
  }
  return req;
}

/** Swagger UI on an already fetched OpenAPI document (this module is its own lazy chunk). */
export default function SwaggerPanel({ spec }: { spec: object }) {
  return (
    <SwaggerUI
      spec={spec}
      requestInterceptor={withToken as never}
      docExpansion="none"
      defaultModelsExpandDepth={0}
      tryItOutEnabled
      displayRequestDuration
    />
  );
}
