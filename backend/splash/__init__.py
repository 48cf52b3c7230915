"""Splash: the shop and video-lesson academy for children's swimming float suits."""
