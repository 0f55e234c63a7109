import { productPage } from './ProductPage';

/** /mt-recover: the paid recovery product. */
export const MtRecoverPage = productPage({
  id: 'mt-recover',
  paid: true,
  devices: true,
  featureIcons: { quick: 'zap', deep: 'search', preview: 'eye', filter: 'filter', readOnly: 'shield', devices: 'drive' },
  formats: {
    documents: 'DOC, DOCX, XLS, XLSX, PPT, PPTX, PDF, TXT, RTF, ODT, ODS, CSV, WPS',
    photos: 'JPG, PNG, GIF, BMP, TIFF, HEIC, WebP, PSD, CR2, CR3, NEF, ARW, DNG, ORF, RAF, RW2',
    videos: 'MP4, MOV, AVI, MKV, WMV, FLV, M4V, 3GP, MTS, MPG',
    audio: 'MP3, WAV, FLAC, AAC, M4A, WMA, OGG, AIFF',
    email: 'PST, OST, EML, MSG, MBOX',
    archives: 'ZIP, RAR, 7Z, TAR, GZ, ISO, EXE, MSI',
  },
});
