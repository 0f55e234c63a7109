import { productPage } from './ProductPage';

/** /mt-kt: the image viewer, a free tool installed with MT Data Recovery. */
export const MtKtPage = productPage({
  id: 'mt-kt',
  paid: false,
  featureIcons: { fast: 'zap', formats: 'layers', browse: 'grid', compare: 'compare', details: 'info', view: 'expand' },
  formats: {
    everyday: 'JPEG, PNG, BMP, TIFF, PSD, TGA, ICO',
    web: 'WebP, AVIF, GIF, SVG',
    phone: 'HEIC, HEIF',
    raw: 'CR2, CR3, NEF, NRW, ARW, SR2, DNG, ORF, RAF, RW2, PEF',
  },
});
