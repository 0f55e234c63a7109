import { productPage } from './ProductPage';

/** /mt-convert: the format converter, a free tool installed with MT Data Recovery. */
export const MtConvertPage = productPage({
  id: 'mt-convert',
  paid: false,
  featureIcons: { batch: 'folder', local: 'lock', documents: 'file', images: 'image', media: 'video', quality: 'sliders' },
  formats: {
    documents: 'PDF → DOCX, PDF → JPG, PDF → PNG, DOCX → PDF, XLSX → PDF, PPTX → PDF',
    images: 'HEIC, PNG, BMP, TIFF, WebP → JPG; JPG, HEIC → PNG; JPG, PNG → WebP',
    videos: 'MOV, AVI, MKV, WMV, FLV → MP4; MP4 → MOV, AVI, MKV',
    audio: 'WAV, FLAC, M4A, WMA, OGG → MP3; MP4, MOV → MP3; MP3 → WAV',
  },
});
