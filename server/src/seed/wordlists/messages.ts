// Reports, chat rooms and messages, and the direct messages between support and users.

export const REPORT_REASONS = [
  'Spam',
  'Inappropriate content',
  'Harassment',
  'Misleading information',
  'Copyright violation',
  'Fake account',
  'Hate speech',
  'Scam or fraud',
] as const;

export const CHAT_TEXTS = [
  'Hey! Are you going to the farmers market on Saturday?',
  'Did you see the new murals downtown?',
  'That hike was amazing, my legs are still sore 😅',
  'Can you send me the link again?',
  'Running 10 minutes late, sorry!',
  'Haha yes, exactly what I was thinking',
  'Let’s plan a trip to Shaver Lake next month',
  'The tacos at that truck were unreal',
  'Happy birthday!! 🎉',
  'Check out this post I found',
  'Who’s bringing snacks?',
  'I’m in. What time?',
  'Good morning everyone ☀️',
  'Thanks for the recommendation, loved it',
  'Did anyone catch the game last night?',
  'Heat advisory again this weekend… stay hydrated',
  'Sending the photos now',
  'That’s hilarious',
  'Can we move it to Sunday?',
  'See you there!',
] as const;

export const GROUP_ROOMS = [
  'Weekend Hikers',
  'Fresno Foodies',
  'Book Club',
  'Family',
  'Road Trip 2026',
  'Bulldogs Fans',
  'Photography Walks',
  'Study Group',
  'Neighborhood Watch',
  'Coffee Crew',
] as const;

export const DM_FROM_ADMIN = [
  'Hi {name}, this is the support team. We noticed a problem with one of your posts.',
  'Thanks for reaching out. Could you tell us which device you are using?',
  'Your campaign has been reviewed; please check the decline reason in the app.',
  'We have restored access to your account. Let us know if anything looks wrong.',
  'Just checking in: is the issue with uploading videos fixed for you now?',
  'Please update the app to the latest version, it fixes the login loop.',
] as const;

export const DM_FROM_USER = [
  'Hello, I cannot log in since yesterday.',
  'Thanks! It works now.',
  'Why was my post removed?',
  'I am using an iPhone 15 with the latest iOS.',
  'My ad has been pending for two days, can you check?',
  'Someone keeps sending me spam messages.',
  'Got it, I will update the app.',
  'Appreciate the quick help 🙏',
] as const;
