import { Faq } from '#views/components/Faq.tsx';
import { Island } from '#views/components/Island.tsx';
import { definePage, type FaqEntry } from '#views/page.ts';
import WhatsAppWidget from './Widget.tsx';

const faq: FaqEntry[] = [
  {
    question: 'What is a WhatsApp click-to-chat link?',
    answer:
      'A wa.me link opens a WhatsApp chat with your number without the visitor saving it as a contact first. Put it on your website, Instagram bio, Google Business Profile or ads.',
  },
  {
    question: 'How should I type my phone number?',
    answer:
      'Include the country code, for example +91 98765 43210 for India. Spaces, dashes, brackets and the + sign are removed automatically; a leading 00 is treated as the international prefix.',
  },
  {
    question: 'Can I pre-fill a message?',
    answer:
      'Yes. Type a message and it is added to the link, URL-encoded, so the chat opens with that text ready to send. Leave it empty for a plain chat link.',
  },
  {
    question: 'How do I use the QR code?',
    answer:
      'Download it and print it on flyers, shop counters, visiting cards or packaging. Scanning it with a phone camera opens the same chat.',
  },
  {
    question: 'Does this work with WhatsApp Business?',
    answer: 'Yes. wa.me links work for both WhatsApp and WhatsApp Business numbers.',
  },
];

function WhatsAppChatLinkPage() {
  return (
    <article className="tool-page">
      <header className="page-hero">
        <h1>WhatsApp Chat Link Generator</h1>
        <p className="lead">
          Create a wa.me link that opens a WhatsApp chat with you, with an optional pre-filled message and a QR code.
        </p>
      </header>
      <Island name="tools/whatsapp-chat-link/Widget" component={WhatsAppWidget} props={{ idPrefix: 'whatsapp' }} />
      <section className="prose">
        <h2>Turn visitors into conversations</h2>
        <p>
          For many Indian businesses WhatsApp is where customers actually reply. A click-to-chat link removes every step
          between interest and conversation: no saving numbers, no copying, just one tap. A pre-filled message also
          tells you where the lead came from, for example "Hi, I saw your website".
        </p>
        <h2>Where to place your link</h2>
        <ul>
          <li>A floating chat button or the contact page of your website.</li>
          <li>Your Google Business Profile, Instagram bio and Facebook page.</li>
          <li>Printed material, using the QR code.</li>
        </ul>
      </section>
      <Faq items={faq} />
    </article>
  );
}

export const whatsAppChatLinkPage = definePage({
  path: '/whatsapp-chat-link',
  navLabel: 'WhatsApp Chat Link Generator',
  title: 'WhatsApp Chat Link Generator – Free wa.me Link with Message and QR Code',
  description:
    'Free WhatsApp link generator: create a wa.me click-to-chat link for your number with an optional pre-filled message, copy it, open it or download its QR code.',
  keywords: 'whatsapp link generator, wa.me link, whatsapp chat link, click to chat, whatsapp qr code',
  faq,
  aliases: ['/WhatsAppChatLink', '/whatsapp-chat-link-generator'],
  Component: WhatsAppChatLinkPage,
});
