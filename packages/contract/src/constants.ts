export const API_BASE = '/api/v2';
export const PAGE_SIZE = 10;
export const MAX_PAGE_LIMIT = 100;
export const SEARCH_DEBOUNCE_MS = 1000;
export const ONLINE_WINDOW_SECONDS = 60;
export const SCROLL_TOP_AFTER_PX = 300;
export const UPDATE_RELOAD_DELAY_MS = 1000;
export const TYPING_CLEAR_MS = 1000;
export const OTP_RESEND_WAIT_SECONDS = 90;
export const OTP_TTL_SECONDS = 600;
export const OTP_MAX_ATTEMPTS = 5;
/** Resends of one sign-in's code; each waits OTP_RESEND_WAIT_SECONDS after the previous code. */
export const OTP_MAX_RESENDS = 5;
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
export const CHAT_PREVIEW_CHARS = 20;
export const PROFILE_MAP_ZOOM = 12;
export const DOB_FIRST_YEAR = 1970;
export const MILE_IN_METRES = 1609.34;
export const CURRENCY = '$';
export const CALENDAR_CELLS = 42;
export const CALENDAR_MAX_EVENTS_PER_DAY = 4;
export const MAP_CENTER: [number, number] = [36.78, -119.42];
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_MIN_ZOOM = 5;
export const DIRECT_MESSAGE_PAGE = 10;

export const DATE_FORMAT = 'MM-DD-YYYY';
export const DATE_TIME_FORMAT = 'MM-DD-YYYY HH:mm:ss';
export const FILTER_DATE_FORMAT = 'YYYY-MM-DD';
export const CHAT_TIME_FORMAT = 'ddd D MMM, YYYY HH:mm:ss';

/** Spec breakpoints (px): xs up to 575, sm 576-767, md 768-991, lg 992-1199, xl from 1200. */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;

export const TEXTS = {
  noPermissionAnyPage: 'You do not have permission to access any page',
  notAuthorizedPage: 'You are not authorize to access this page',
  noRecords: 'Sorry, no matching records found',
  noMessage: 'There is no message',
  noConversationRoom: 'There is no conversatation yet',
  noDirectConversation: 'There is no conversation yet.',
  suspended: 'This account has been suspended',
  loggedOut: 'You have logout successfully',
  unauthorized: 'You are not authorized to perform this action',
  /** 401 of a call whose bearer token names no live session (expired, revoked, signed out elsewhere) */
  sessionEnded: 'Your session has ended. Sign in again.',
  serverError: 'Server Error',
  noPermissionContent: 'You do not have permission to view this content',
  /** 403 of every call but change-password after signing in with a mailed one-time password */
  mustChangePassword: 'Please choose a new password before you continue',
  /** answer of reset-password (spec 01 Reset Password screen), the same for every address */
  resetPasswordSent: 'New Password will be sent to your email address',
  /** 403 of every call but enrolling while the second-factor policy asks this account for one */
  mustEnrol: 'Please set up a passkey or an authenticator app before you continue',
} as const;
