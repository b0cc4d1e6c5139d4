/** The provisions the follow-up letters cite, each with what it requires in one plain sentence. */
export const FOLLOW_UP_CITATIONS = {
  '1681i(a)(1)(A)': {
    citation: '15 U.S.C. §1681i(a)(1)(A)',
    requirement:
      'requires a consumer reporting agency to conduct a free, reasonable reinvestigation of disputed information and record its current status or delete it within 30 days of receiving the dispute.',
  },
  '1681i(a)(1)(B)': {
    citation: '15 U.S.C. §1681i(a)(1)(B)',
    requirement:
      'allows that 30-day period to be extended by at most 15 days when the agency receives relevant information from the consumer during it.',
  },
  '1681j(a)(3)': {
    citation: '15 U.S.C. §1681j(a)(3)',
    requirement:
      'requires a reinvestigation of a dispute made after the consumer received a free annual report to be completed not later than 45 days after the agency receives the dispute.',
  },
  '1681i(a)(3)(B)': {
    citation: '15 U.S.C. §1681i(a)(3)(B)',
    requirement:
      'requires an agency that decides a dispute is frivolous or irrelevant to notify the consumer within 5 business days of that decision.',
  },
  '1681i(a)(3)(C)': {
    citation: '15 U.S.C. §1681i(a)(3)(C)',
    requirement:
      'requires that notice to state the reasons for the decision and identify any information the agency needs to investigate the dispute.',
  },
  '1681i(a)(4)': {
    citation: '15 U.S.C. §1681i(a)(4)',
    requirement:
      'requires the agency to review and consider all relevant information the consumer submits.',
  },
  '1681i(a)(5)(A)': {
    citation: '15 U.S.C. §1681i(a)(5)(A)',
    requirement:
      'requires the agency to promptly delete or modify information that is inaccurate or incomplete or cannot be verified, and to notify the furnisher.',
  },
  '1681i(a)(5)(B)': {
    citation: '15 U.S.C. §1681i(a)(5)(B)',
    requirement:
      'bars reinserting deleted information unless the furnisher certifies that it is complete and accurate, and requires the agency to notify the consumer in writing within 5 business days of a reinsertion, with the furnisher’s business name and address, and its telephone number if reasonably available.',
  },
  '1681i(a)(5)(B)(i)': {
    citation: '15 U.S.C. §1681i(a)(5)(B)(i)',
    requirement:
      'lets deleted information be put back only if the company that sent it certifies that it is complete and accurate.',
  },
  '1681i(a)(5)(B)(ii)': {
    citation: '15 U.S.C. §1681i(a)(5)(B)(ii)',
    requirement:
      'says the consumer must be told in writing within 5 business days after it is put back.',
  },
  '1681i(a)(5)(B)(iii)': {
    citation: '15 U.S.C. §1681i(a)(5)(B)(iii)',
    requirement:
      'says that notice must state that it was put back, give the name and address of the company (and its phone number if it is known), and say that the consumer may add a statement to the file.',
  },
  '1681i(a)(5)(C)': {
    citation: '15 U.S.C. §1681i(a)(5)(C)',
    requirement: 'requires fair steps to keep deleted information from coming back.',
  },
  '1681i(a)(6)(A)': {
    citation: '15 U.S.C. §1681i(a)(6)(A)',
    requirement:
      'requires written notice of the results of a reinvestigation within 5 business days after it is completed.',
  },
  '1681i(a)(6)(B)(iii)': {
    citation: '15 U.S.C. §1681i(a)(6)(B)(iii)',
    requirement:
      'entitles the consumer, on request, to a description of the procedure used to determine the accuracy and completeness of the information, including the business name and address of any furnisher contacted and its telephone number if reasonably available.',
  },
  '1681i(a)(7)': {
    citation: '15 U.S.C. §1681i(a)(7)',
    requirement:
      'requires the agency to provide that description within 15 days after receiving the consumer’s request.',
  },
  '1681i(b)': {
    citation: '15 U.S.C. §1681i(b)',
    requirement:
      'allows a consumer whose dispute a reinvestigation did not resolve to file a brief statement of the dispute, which the agency may limit to 100 words.',
  },
  '1681i(c)': {
    citation: '15 U.S.C. §1681i(c)',
    requirement:
      'requires the agency, in every later report that includes the disputed information, to note that it is disputed and to provide the statement or a clear and accurate summary of it.',
  },
  '1681s-2(a)(8)': {
    citation: '15 U.S.C. §1681s-2(a)(8)',
    requirement:
      'requires a furnisher that receives a direct dispute from a consumer to investigate, review all relevant information the consumer provides, report the results to the consumer within the period a consumer reporting agency would have, and, if the information is inaccurate, promptly notify every consumer reporting agency it furnished the information to and provide the correction.',
  },
  '12 CFR 1022.43': {
    citation: '12 CFR 1022.43',
    requirement:
      'sets out which direct disputes a furnisher must investigate and requires it to conduct a reasonable investigation and report the results to the consumer, generally within 30 days of receiving the dispute.',
  },
} as const;

export type CitationId = keyof typeof FOLLOW_UP_CITATIONS;
