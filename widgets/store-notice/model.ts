/** The cookie WooCommerce uses to remember a dismissed store notice: `store_notice{noticeId}`. */
export const dismissalCookie = (noticeId: string): string => `store_notice${noticeId}`;
