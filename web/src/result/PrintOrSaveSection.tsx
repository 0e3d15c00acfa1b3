import type { Visit } from '../../../common/visit';
import { ReferenceBox } from '../survey/ReferenceBox';
import { EmailCalculation } from './EmailCalculation';
import type { Period } from './money';
import { PdfDownload } from './PdfDownload';

/** 'Print or save results': the calculation reference, the PDF and the e-mail of the link. */
export function PrintOrSaveSection({ session, token, period, visit }: { session: string; token: string; period: Period; visit: Visit }) {
  return (
    <>
      <ReferenceBox reference={token} />
      <PdfDownload session={session} period={period} visit={visit} />
      <EmailCalculation session={session} partnerId={visit.partnerId} />
    </>
  );
}
