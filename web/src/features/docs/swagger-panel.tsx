import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import './swagger-contrast.css';
import './swagger-dark.css';
import { type RefObject, useEffect, useRef } from 'react';
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
  const box = useRef<HTMLDivElement>(null);
  useSwaggerFixes(box);
  return (
    <div ref={box}>
      <SwaggerUI
        spec={spec}
        requestInterceptor={withToken as never}
        docExpansion="none"
        defaultModelsExpandDepth={0}
        tryItOutEnabled
        displayRequestDuration
      />
    </div>
  );
}

/**
 * Fixes of Swagger UI's markup, made here and again whenever Swagger redraws: its servers select
 * sits inside an empty label, so it has no name; its document title is an h1 below the page's own
 * h1, followed by h3 tag sections, so it is read as a level 2 heading (no level skipped).
 */
function useSwaggerFixes(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const box = ref.current;
    if (!box) {
      return;
    }
    const name = () => {
      for (const select of box.querySelectorAll('select#servers:not([aria-label])')) {
        select.setAttribute('aria-label', 'Servers');
      }
      for (const title of box.querySelectorAll('.info .title:not([aria-level])')) {
        title.setAttribute('aria-level', '2');
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
