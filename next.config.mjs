import createNextIntlPlugin from 'next-intl/plugin';
import { CAMERA_PAGES, CAMERA_PERMISSIONS, STATIC_HEADERS } from './lib/http/static-headers.mjs';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    // Reads its VTIMEZONE files beside its own code at run time: a bundled copy finds none (calendars fell back to UTC).
    '@touch4it/ical-timezones',
    '@electric-sql/pglite',
    'pg',
    'nodemailer',
    // Object storage (STORAGE_DRIVER=s3): loaded from node_modules at run time rather than bundled into every route.
    '@aws-sdk/client-s3',
    'better-auth',
    'exceljs',
    'pdfkit',
    'stripe',
    'alipay-sdk',
    'wechatpay-axios-plugin',
    '@paypal/paypal-server-sdk',
  ],
  /**
   * Files a route loads without importing them, for traced deployments: the receipt PDF worker is
   * started from its path at run time (lib/payments/receipt-worker-pool.ts), so the bundler never sees it.
   */
  outputFileTracingIncludes: {
    '/api/conference/order/receipt/*': ['./lib/payments/receipt-worker.mjs', './lib/pdf/cjk-fonts.mjs', './lib/pdf/pdf-jobs.mjs'],
    '/api/conference/ticket/pdf': ['./lib/tickets/ticket-worker.mjs', './lib/pdf/cjk-fonts.mjs', './lib/pdf/pdf-jobs.mjs'],
    '/api/conference/platform/onsite/badges/*': [
      './lib/badges/badge-worker.mjs',
      './lib/badges/badge-layout.mjs',
      './lib/pdf/cjk-fonts.mjs',
      './lib/pdf/pdf-jobs.mjs',
    ],
    '/api/conference/certificate/pdf': ['./lib/certificates/certificate-worker.mjs', './lib/pdf/cjk-fonts.mjs', './lib/pdf/pdf-jobs.mjs'],
    '/api/conference/platform/onsite/certificates/preview': [
      './lib/certificates/certificate-worker.mjs',
      './lib/pdf/cjk-fonts.mjs',
      './lib/pdf/pdf-jobs.mjs',
    ],
    '/[locale]/platform/onsite/badges': [
      './lib/badges/badge-worker.mjs',
      './lib/badges/badge-layout.mjs',
      './lib/pdf/cjk-fonts.mjs',
      './lib/pdf/pdf-jobs.mjs',
    ],
  },
  /** Headers that never change, on every answer (lib/http/static-headers.mjs; the per-request policies: proxy.ts, lib/http/route.ts). */
  async headers() {
    return [
      { source: '/:path*', headers: STATIC_HEADERS },
      ...CAMERA_PAGES.map((source) => ({
        source,
        headers: [{ key: 'Permissions-Policy', value: CAMERA_PERMISSIONS }],
      })),
    ];
  },
  experimental: {
    optimizePackageImports: ['@mantine/core', '@mantine/hooks', '@mantine/notifications'],
  },
};

export default withNextIntl(nextConfig);
