import type { ComponentProps, ComponentType } from 'react';
import BuyButton from '../../client/islands/BuyButton';
import CheckoutForm from '../../client/islands/CheckoutForm';
import CheckoutResult from '../../client/islands/CheckoutResult';
import ConsentBanner from '../../client/islands/ConsentBanner';
import CopyButton from '../../client/islands/CopyButton';
import Diagnostics from '../../client/islands/Diagnostics';
import DoNotSellForm from '../../client/islands/DoNotSellForm';
import DownloadButton from '../../client/islands/DownloadButton';
import FeedbackForm from '../../client/islands/FeedbackForm';
import LicenseCodeForm from '../../client/islands/LicenseCodeForm';
import NavBar from '../../client/islands/NavBar';
import TrialCodeForm from '../../client/islands/TrialCodeForm';
import UploadImageDemo from '../../client/islands/UploadImageDemo';
import WithdrawForm from '../../client/islands/WithdrawForm';

/**
 * Every island, under the name the browser loads it by: key `X` is the default export of
 * client/islands/X.tsx (the client entry imports that file for `data-island="X"`). `<Island of>`
 * and the routes' `islandStyles` take only these keys, so a misspelt island does not compile, and
 * a test keeps the keys equal to the files of client/islands/.
 */
export const ISLANDS = {
  BuyButton,
  CheckoutForm,
  CheckoutResult,
  ConsentBanner,
  CopyButton,
  Diagnostics,
  DoNotSellForm,
  DownloadButton,
  FeedbackForm,
  LicenseCodeForm,
  NavBar,
  TrialCodeForm,
  UploadImageDemo,
  WithdrawForm,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof ISLANDS;

/** The props of an island's component: what `<Island of>` serializes into `data-props`. */
export type IslandProps<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;
