/**
 * Messages of the 'legal' namespace: the Terms and Conditions and the Privacy Policy opened from the
 * footer (specification section 2, "Dialogs opened from the footer"). Plain language for a
 * financing company under Philippine law. Company name, addresses, e-mails, registration numbers,
 * the minimum age and the cost cap are interpolated from the public configuration.
 *
 * Each section has a heading, paragraphs (body), an optional bullet list (items) and an optional
 * closing paragraph (note).
 */
export const legal = {
  contents: 'Contents',
  /** Shown above the text when the document is not yet translated into the chosen language. */
  languageNote: '',
  terms: {
    title: 'Terms and Conditions',
    intro:
      'Please read these terms before you use {{appName}}. They explain what you can expect from us and what we expect from you. Your loan itself is governed by the Disclosure Statement and the loan contract you accept.',
    sections: {
      acceptance: {
        heading: 'Acceptance of these terms',
        body: [
          'These Terms and Conditions govern your use of the {{appName}} website and app, operated by {{companyName}} ("{{shortName}}", "we", "us"), a financing company registered with the Securities and Exchange Commission (SEC Registration No. {{secRegistrationNumber}}, Certificate of Authority No. {{certificateOfAuthorityNumber}}), with its office at {{address}}.',
          'By creating an account or using the site you agree to these terms and to our Privacy Policy. If you do not agree, please do not use the site. You must be at least {{minAge}} years old to register.',
        ],
      },
      loanFacility: {
        heading: 'Loans are subject to our approval',
        body: [
          'Registering, activating your account or using the calculator does not give you a loan. Each application is first pre-assessed automatically from the information you give, then reviewed by one of our loan officers, who may ask you for more documents. We may approve a lower amount or a different term, or decline the application, and we will tell you the result.',
          'The calculator shows estimates only. The amounts that bind you are those in the Disclosure Statement and the loan contract you accept.',
        ],
        items: [
          'We never ask you to pay anything to have a loan approved, released, unlocked or withdrawn. Any fee the product has is deducted from the proceeds or added to the repayment schedule, and is shown in the Disclosure Statement before you accept.',
          'If anyone asks you to send money first, in our name or anyone else’s, it is a scam: do not pay, and report it to {{supportEmail}} and to the SEC.',
        ],
      },
      facilityManager: {
        heading: '{{shortName}} as lender and facility manager',
        body: [
          '{{companyName}} is the lender. It also manages the loan facility for the whole life of your loan: it evaluates your application, releases the proceeds to your in-app wallet, sends your withdrawals to the bank or e-wallet account in your own name, receives your repayments, keeps the records and answers your questions.',
          'Banks, e-wallets and payment centres only carry money on our instructions. None of them, and none of our staff, may collect a fee from you to process, speed up or release a loan.',
          'We collect overdue amounts as SEC Memorandum Circular No. 18, series of 2019 requires: we contact only you (and a co-maker, if your contract names one), only between {{quietFromHour}}:00 and {{quietUntilHour}}:00 Philippine time, never with threats, insults or false statements, never by telling other people about your debt, and never through your phone contacts or character references.',
        ],
      },
      disclosure: {
        heading: 'Disclosure Statement',
        body: [
          'Before you accept a loan we give you a Disclosure Statement, as the Truth in Lending Act (Republic Act No. 3765) and SEC Memorandum Circular No. 19, series of 2019 require. It states the amount you borrow, the net amount you will receive, every finance charge, the effective interest rate, and the amount and due date of each instalment.',
          'Read it before you accept. You are free not to accept, and you pay nothing if you decline. Interest, penalties and fees together never exceed {{costCap}}% a year, as your contract states.',
          'You may repay all or part of your loan early at any time. We show you the payoff amount before you pay, and interest is recomputed as your contract states.',
        ],
      },
      intellectualProperty: {
        heading: 'Intellectual property',
        body: [
          'The text, graphics, logos and software of this site belong to {{companyName}} or its licensors and are protected by the Intellectual Property Code of the Philippines (Republic Act No. 8293). The {{appName}} software is also published under an open-source licence; that licence governs your use of the source code, and these terms govern your use of our lending service.',
        ],
      },
      useLicense: {
        heading: 'Licence to use the site',
        body: [
          'We give you a personal, non-exclusive and non-transferable licence to use this site to learn about our loans, apply for one and manage your account. You may print or save pages, and you may keep every document about your own loans.',
        ],
        items: [
          'Do not copy, sell or republish the content of the site for commercial purposes.',
          'Do not remove copyright or other notices.',
          'Do not present yourself as {{shortName}}, or as its agent or employee.',
        ],
        note: 'This licence ends if you break these terms. The documents about your own loans remain yours to keep.',
      },
      misuse: {
        heading: 'Prohibited use',
        body: ['You agree not to:'],
        items: [
          'give false information or apply in another person’s name;',
          'use someone else’s account, or share your password or one-time codes with anyone (our staff will never ask for them);',
          'try to reach parts of the system or data you are not allowed to see, test its security without our written permission, or disrupt its operation;',
          'use automated tools to copy the site or overload it;',
          'use the service for money laundering, fraud or any other unlawful purpose.',
        ],
        note: 'We may suspend an account involved in misuse. We will tell you why, unless the law forbids it, and report the matter to the authorities when the law requires.',
      },
      disclaimer: {
        heading: 'Disclaimer',
        body: [
          'We work to keep the site accurate and available, but we cannot promise that it will always be available or free of errors. Nothing in this section limits the rights you have under the law, including the Financial Products and Services Consumer Protection Act (Republic Act No. 11765), or our duties to you under your loan contract.',
        ],
      },
      limitations: {
        heading: 'Limitation of liability',
        body: [
          'As far as the law allows, we are not liable for indirect or consequential losses caused by the use of the site or by being unable to use it, for example when your internet connection or a third-party payment service is down.',
          'We remain responsible for our own negligence, fraud or wilful misconduct, for keeping the money in your wallet safe, and for carrying out your instructions correctly.',
        ],
      },
      errata: {
        heading: 'Errors on the site',
        body: [
          'The site may contain typographical or technical errors. We correct them as soon as we find them, and you can report one to {{supportEmail}}.',
          'If a page and your accepted Disclosure Statement or loan contract disagree, the accepted documents prevail.',
        ],
      },
      links: {
        heading: 'Links to other sites',
        body: [
          'The site links to other sites, such as the SEC’s list of registered companies, our social media pages and our support chat. We do not control those sites and are not responsible for their content or their privacy practices. A link does not mean that we endorse the site.',
        ],
      },
      modifications: {
        heading: 'Changes to these terms',
        body: [
          'We may change these terms, for example when the law changes. We publish the new version on this site and tell registered members by SMS or e-mail before it takes effect.',
          'A change never alters a loan you have already accepted unless you agree to it in writing: that loan stays under the terms of its contract.',
        ],
      },
      law: {
        heading: 'Governing law and complaints',
        body: [
          'These terms are governed by the laws of the Philippines, in particular the Financing Company Act of 1998 (Republic Act No. 8556), the Lending Company Regulation Act of 2007 (Republic Act No. 9474), the Truth in Lending Act (Republic Act No. 3765), the Data Privacy Act of 2012 (Republic Act No. 10173) and the Financial Products and Services Consumer Protection Act (Republic Act No. 11765).',
          'If you have a complaint, write to {{supportEmail}} or to {{address}}. We acknowledge every complaint and tell you how we resolved it. If you are not satisfied, you may bring the matter to the Securities and Exchange Commission, which supervises financing companies.',
        ],
      },
    },
  },
  privacy: {
    title: 'Privacy Policy',
    intro:
      '{{companyName}} is the personal information controller for the personal data you give us through {{appName}}. We process it under the Data Privacy Act of 2012 (Republic Act No. 10173), its Implementing Rules and Regulations and the circulars of the National Privacy Commission (NPC). This policy explains what we collect, why, with whom we share it, how long we keep it and what your rights are.',
    sections: {
      eligibility: {
        heading: 'Who may register',
        body: [
          'You must be at least {{minAge}} years old to register. We do not knowingly collect personal data from minors. If we learn that a registrant is younger than {{minAge}}, we close the registration and delete the data.',
        ],
      },
      security: {
        heading: 'Security',
        body: [
          'We protect your data with organisational, physical and technical measures: encrypted connections, passwords stored only as one-way hashes, one-time codes that are checked only on our servers and expire after a few minutes, sessions kept in secure cookies, access limited to the staff who need it, and a log of every staff view of your ID and selfie images.',
          'No system is perfectly secure. If a breach is likely to harm you, we notify you and the NPC as the law requires.',
        ],
      },
      collection: {
        heading: 'What we collect',
        body: ['We collect only what we need to assess and manage your loan:'],
        items: [
          'account details: mobile number, e-mail address, full name and password;',
          'employment details: country and place of work, job title, job category and monthly net income;',
          'personal details for activation: name, date of birth, gender, civil status, nationality and address;',
          'the names, relationships and phone numbers of two character references you choose, who should know that you named them;',
          'a photo of a government ID and a selfie, which we re-encode to remove hidden metadata such as location;',
          'the bank or e-wallet account in your name where you want your money sent;',
          'technical and transaction data: the IP address of your requests and the records of your loans, repayments and withdrawals;',
          'the messages you send us through the contact form or by e-mail.',
        ],
        note: 'The app asks for no device permission except the camera, and only on the ID and selfie step. We never read your contacts, photo gallery, messages or location.',
      },
      use: {
        heading: 'How we use your data',
        body: ['We use your data to:'],
        items: [
          'verify your identity and your phone number;',
          'assess your application, first with an automatic pre-assessment and then by a loan officer who decides;',
          'prepare your Disclosure Statement and contract, release the proceeds, and process your withdrawals and repayments;',
          'send you notices and reminders about your own loan;',
          'prevent fraud and keep your account secure;',
          'answer your messages and complaints;',
          'meet our legal duties, including reports to the SEC, the Credit Information Corporation and, when the Anti-Money Laundering Act (Republic Act No. 9160, as amended) requires, the Anti-Money Laundering Council.',
        ],
        note: 'We do not sell your data. We do not use your character references to collect a debt.',
      },
      sharing: {
        heading: 'Who we share it with',
        body: ['We share your data only when it is needed, under a data-sharing or outsourcing agreement that protects it, with:'],
        items: [
          'banks, e-wallets and payment partners that carry your withdrawals and repayments;',
          'the SMS and e-mail providers that deliver our messages to you;',
          'our hosting and storage providers, which keep the data on our behalf;',
          'the Credit Information Corporation and accredited credit bureaus (see the next section);',
          'government authorities and courts, when the law requires it.',
        ],
        note: 'We never disclose your debt to your contacts, your employer or your references.',
      },
      creditBureaus: {
        heading: 'Credit bureaus',
        body: [
          'As the Credit Information System Act (Republic Act No. 9510) requires, we submit basic credit data about your loan (your identity, the amount, your payments and any default) to the Credit Information Corporation (CIC), which may share it with accredited credit bureaus and other lenders for credit assessment. When you apply, we may also obtain your credit report.',
          'You are told about this reporting and give your consent when you activate your account. You may ask the CIC for a copy of your credit report and for the correction of any error.',
        ],
      },
      retention: {
        heading: 'How long we keep it',
        body: [
          'We keep your data while you have an account or a loan with us. After a loan is closed we keep its records only as long as the law requires, for example the five years that anti-money-laundering rules set for transaction records.',
          'If you never took a loan, we delete your account data when you ask, unless a law requires us to keep it. At the end of each period we delete or anonymise the data securely.',
        ],
      },
      rights: {
        heading: 'Your rights as a data subject',
        body: ['Under the Data Privacy Act you have the right to:'],
        items: [
          'be informed about how your data is processed;',
          'access your data, and download a copy of it from your account;',
          'object to processing that is not required by law or by your contract;',
          'have inaccurate data corrected;',
          'have data erased or blocked when it is no longer needed or was processed unlawfully;',
          'receive your data in a portable electronic format;',
          'be compensated for damages caused by unlawful processing;',
          'file a complaint with the National Privacy Commission.',
        ],
        note: 'To use any of these rights, write to our Data Protection Officer (see below). It costs you nothing.',
      },
      thirdPartyLinks: {
        heading: 'Links to other sites',
        body: [
          'Our site links to other sites, such as the SEC, our social media pages and our support chat. Their own privacy policies apply there, so read them before you give them any personal data.',
        ],
      },
      socialMedia: {
        heading: 'Social media',
        body: [
          'Our social media pages are public. Do not post your account details, your ID or information about your loan there: message us through the contact form or by e-mail instead.',
          'We will never ask for your password or a one-time code through social media, chat, a call or a text message.',
        ],
      },
      changes: {
        heading: 'Changes to this policy',
        body: [
          'We may update this policy. We publish the new version on this site and tell registered members by SMS or e-mail before an important change takes effect. When a new use of your data needs your consent, we ask for it, and we record each consent with the version of the text you agreed to and the time.',
        ],
      },
      dpo: {
        heading: 'Data Protection Officer and complaints',
        body: [
          'Our Data Protection Officer answers your questions and requests about your personal data. Write to {{dataProtectionOfficerEmail}}, or by post to the Data Protection Officer, {{companyName}}, {{address}}.',
          'If you are not satisfied with our answer, you may file a complaint with the National Privacy Commission.',
        ],
      },
    },
  },
} as const;
