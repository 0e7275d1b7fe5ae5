// The eight static (CMS) pages of the demo, as the rich-text editor would save them.

const APP = 'Swis';
const SUPPORT = 'support@example.com';

export const STATIC_PAGES: Record<string, string> = {
  faq: `<h1>Frequently Asked Questions</h1>
<h2>What is ${APP}?</h2>
<p>${APP} is a visual search app: search the web for images, videos, news and links, save what you find and share it with the people you follow.</p>
<h2>How do I create an account?</h2>
<p>Download the app from the App Store or Google Play, tap <strong>Sign up</strong> and enter your email address. If you received a signup code, enter it on the last step.</p>
<h2>Why was my post removed?</h2>
<p>Posts that break our <a href="/term">Terms of Service</a> are removed after review, usually because they were reported as spam, misleading or inappropriate. You can contact us from <em>Settings → Help</em> if you think we made a mistake.</p>
<h2>How do I report a user or a post?</h2>
<ol><li>Open the profile or the post.</li><li>Tap the <strong>⋯</strong> menu.</li><li>Choose <strong>Report</strong> and pick a reason.</li></ol>
<h2>How do I delete my account?</h2>
<p>Go to <em>Settings → Account → Delete account</em>. Your posts and searches are removed within 30 days.</p>
<h2>Still need help?</h2>
<p>Write to <a href="mailto:${SUPPORT}">${SUPPORT}</a>; we answer within two business days.</p>`,

  about: `<h1>About ${APP}</h1>
<p>${APP} started in Fresno, California in 2021 with a simple idea: searching should be visual, local and social.</p>
<p>Today more than a million people use ${APP} to find trails, restaurants, news and ideas, and to share them with friends.</p>
<h2>Our mission</h2>
<p>Help people discover what matters around them, with results they can trust and a community that keeps each other safe.</p>
<h2>Advertising on ${APP}</h2>
<p>Local businesses reach nearby customers with campaigns that pay per click or per view. Every campaign is reviewed by our team before it runs. See the <a href="/advertising-guidelines">Advertising Guidelines</a>.</p>
<h2>Contact</h2>
<p>${APP} Inc., 1500 Fulton St, Fresno, CA 93721<br>Press: press@example.com · Support: ${SUPPORT}</p>`,

  privacy: `<h1>Privacy Policy</h1>
<p><em>Last updated: January 15, 2026</em></p>
<p>This policy explains what information ${APP} collects, how we use it and the choices you have.</p>
<h2>1. Information we collect</h2>
<ul><li><strong>Account data</strong>: name, username, email, phone number, date of birth.</li><li><strong>Content</strong>: searches, posts, bookmarks and messages.</li><li><strong>Device data</strong>: device type, operating system, app version and push token.</li><li><strong>Location</strong>: approximate or precise location when you allow it.</li></ul>
<h2>2. How we use it</h2>
<p>To run the service, personalise results, keep the community safe, measure and deliver ads, and contact you about your account.</p>
<h2>3. Sharing</h2>
<p>We do not sell personal information. Advertisers receive aggregated reports only (for example, the share of viewers by age range).</p>
<h2>4. Your choices</h2>
<p>You can edit your profile, turn off location, switch off personalised ads and delete your account at any time.</p>
<h2>5. Contact</h2>
<p>Questions about privacy: <a href="mailto:privacy@example.com">privacy@example.com</a>.</p>`,

  term: `<h1>Terms of Service</h1>
<p><em>Effective: January 15, 2026</em></p>
<p>By using ${APP} you agree to these terms. Please read them carefully.</p>
<h2>1. Your account</h2>
<p>You must be at least 13 years old. Keep your password safe; you are responsible for activity on your account.</p>
<h2>2. Your content</h2>
<p>You keep ownership of what you post. You give ${APP} a licence to host and show it in the service.</p>
<h2>3. What is not allowed</h2>
<ul><li>Spam, scams and misleading content.</li><li>Harassment, hate speech or threats.</li><li>Content that infringes someone else's rights.</li></ul>
<h2>4. Suspension</h2>
<p>We may suspend accounts that break these terms. Suspended users can appeal through support.</p>
<h2>5. Changes</h2>
<p>We will tell you in the app before material changes take effect.</p>`,

  payment_terms: `<h1>Payment Terms</h1>
<p>These terms apply to advertisers who pay for campaigns on ${APP}.</p>
<h2>Billing</h2>
<p>Campaign budgets are charged to your card when the campaign is submitted. Charges are processed by our card payment provider; ${APP} never stores full card numbers.</p>
<h2>Pricing</h2>
<table><thead><tr><th>Goal</th><th>You pay for</th><th>Typical price</th></tr></thead><tbody><tr><td>CPC</td><td>each click on your ad</td><td>$0.35 – $0.60</td></tr><tr><td>CPV</td><td>each video view of 3 seconds or more</td><td>$0.03 – $0.08</td></tr></tbody></table>
<h2>Refunds</h2>
<p>Unspent budget of a declined, paused or completed campaign is refunded to the original card within 5–10 business days.</p>
<h2>Taxes</h2>
<p>Prices exclude sales tax where it applies.</p>`,

  'understanding-your-insight': `<h1>Understanding Your Insight</h1>
<p>The insight screen shows how your campaign performs. Here is what each figure means.</p>
<h2>Commerce</h2>
<ul><li><strong>Impressions</strong>: how many times your ad was shown.</li><li><strong>Views</strong>: video plays of at least 3 seconds (video ads only).</li><li><strong>Clicks</strong>: taps on your call-to-action button.</li><li><strong>Engagements</strong>: likes, comments, shares and bookmarks together.</li><li><strong>Potential reach</strong>: people in your target audience.</li></ul>
<h2>Audience</h2>
<p>The share of people who saw your ad by gender, age range and location.</p>
<h2>Budget</h2>
<p><strong>Spend</strong> is what you have used so far; <strong>average cost per click</strong> is spend on clicks divided by clicks.</p>
<h2>Tips</h2>
<p>Ads with a clear headline and a bright button colour get up to twice as many clicks.</p>`,

  'child-safety-policy': `<h1>Child Safety Policy</h1>
<p>${APP} has zero tolerance for child sexual abuse and exploitation (CSAE).</p>
<h2>Our standards</h2>
<ul><li>Content that sexualises minors is removed and reported to the National Center for Missing &amp; Exploited Children (NCMEC).</li><li>Accounts that share such content are permanently banned.</li><li>Users under 13 may not create an account.</li></ul>
<h2>How to report</h2>
<p>Use <strong>Report</strong> on any post, profile or message, or write to <a href="mailto:safety@example.com">safety@example.com</a>. Reports about child safety are reviewed first, around the clock.</p>
<h2>Working with authorities</h2>
<p>We cooperate with law enforcement and respond to valid legal requests.</p>`,

  'advertising-guidelines': `<h1>Advertising Guidelines</h1>
<p>Every campaign is reviewed before it runs. Follow these guidelines to be approved quickly.</p>
<h2>Creative</h2>
<ul><li>Images at least 1200 × 628 pixels; text should cover less than 20% of the image.</li><li>Videos up to 60 seconds, MP4 or WebM.</li><li>The headline and description must match the landing page.</li></ul>
<h2>Prohibited</h2>
<ul><li>Tobacco, weapons, illegal drugs and adult content.</li><li>Unverified health claims and "get rich quick" offers.</li><li>Targeting people under 18 with age-restricted products.</li></ul>
<h2>Review</h2>
<p>Reviews usually take less than 24 hours. A declined campaign shows the reason; fix it and submit again.</p>`,
};
